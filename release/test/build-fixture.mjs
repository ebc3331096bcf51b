// A real federated build of a tiny app for the release tests (docs/decisions/0003-independent-releases.md): Rspack with Module Federation
// (mf-manifest.json, remoteEntry.js), the route metadata plugin and the plugin that records the shared
// contract the app was built against, from the shared package in `sharedDir` (its api-report/contract.json,
// written by tools/shared-api.mjs). Usage: node build-fixture.mjs '<json options>'
//   { kind: 'remote' | 'shell', name, version, sharedDir, outDir, workDir }
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { RoutesJsonPlugin } from '../../shared/federation/routes-json-plugin.mjs';
import { SharedContractPlugin } from '../../shared/federation/shared-contract-plugin.mjs';

const { kind, name, version, sharedDir, outDir, workDir } = JSON.parse(process.argv[2]);
const remote = kind === 'remote';
mkdirSync(path.join(workDir, 'src'), { recursive: true });
writeFileSync(path.join(workDir, 'src', 'index.js'), 'export const started = true;\n');
writeFileSync(path.join(workDir, 'src', 'screens.js'), `export const screens = ${JSON.stringify(name)};\n`);
const routes = path.join(workDir, 'routes.json');
writeFileSync(
  routes,
  JSON.stringify([{ path: `/${name}`, titleKey: `${name}:title`, public: true, keepAlive: false }]),
);

const compiler = rspack({
  mode: 'production',
  context: workDir,
  entry: { main: './src/index.js' },
  target: 'web',
  output: { path: outDir, publicPath: 'auto', uniqueName: `${name}_${version.replace(/\W/g, '_')}`, clean: true },
  optimization: { minimize: false },
  plugins: [
    new ModuleFederationPlugin({
      name,
      ...(remote ? { filename: 'remoteEntry.js', exposes: { './screens': './src/screens.js' } } : { remotes: {} }),
      manifest: true,
      dts: false,
    }),
    remote && new RoutesJsonPlugin({ source: routes }),
    new SharedContractPlugin({ sharedDir, name, version }),
  ].filter(Boolean),
});
compiler.run((error, stats) => {
  if (error || stats?.hasErrors()) {
    console.error(error ?? stats.toString({ all: false, errors: true }));
    process.exit(1);
  }
  if (!remote) writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>Marketplace</title>');
  compiler.close(() => process.exit(0));
});
