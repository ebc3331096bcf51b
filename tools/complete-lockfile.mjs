#!/usr/bin/env node
// The registry this project installs from serves only the platform packages of this machine (linux
// x64): the darwin/win32/… native bindings of rspack, swc, esbuild and friends answer 404, so npm
// leaves them out of package-lock.json, and `npm ci` then refuses the lock as "Missing: … from lock
// file". This script records each missing optional platform package in the lock with its os/cpu/libc,
// exactly as npm would on a machine whose registry has them; npm ci skips them on other platforms.
// Run after any `npm install`: `node tools/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const platformOf = (name) => {
  const id = name.split('/').pop();
  const os = [
    'darwin',
    'win32',
    'linux',
    'freebsd',
    'android',
    'openbsd',
    'netbsd',
    'sunos',
    'aix',
    'openharmony',
  ].find((o) => id.includes(`-${o}-`) || id.endsWith(`-${o}`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'].find(
    (c) => id.includes(`-${c}-`) || id.endsWith(`-${c}`) || id.includes(`-${c}.`),
  );
  const libc = id.includes('musl') ? 'musl' : id.includes('-gnu') ? 'glibc' : undefined;
  return { os, cpu: cpu ?? (id.includes('wasm32') ? 'wasm32' : undefined), libc };
};

const looksPlatformSpecific = (name) => {
  const { os, cpu } = platformOf(name);
  return Boolean(os || cpu);
};

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [dep, version] of Object.entries(optional)) {
    if (!looksPlatformSpecific(dep)) continue;
    // npm resolves from the dependent's own node_modules upwards; the hoisted place is the root.
    const base = location === '' ? '' : `${location}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    const entry = { version: version.replace(/^[\^~=]/, ''), optional: true };
    if (cpu) entry.cpu = [cpu];
    if (os) entry.os = [os];
    if (libc) entry.libc = [libc];
    packages[hoisted] = entry;
    added += 1;
  }
}

writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: recorded ${added} platform package(s) the registry does not serve`);
