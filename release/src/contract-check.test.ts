import path from 'node:path';
import { readBuildArtifact } from './build-artifact';
import { contractProblems, ContractError, enforceContract, readShellShared } from './contract-check';
import { remoteApp } from './remotes';
import { REACT_SHARED, tempDir, writeBuild, writeShell, type BuildOptions } from './test-fixtures';

const wallet = remoteApp('mfe-wallet');

const check = async (build: BuildOptions, shellShared = [REACT_SHARED]) => {
  const repoDir = await tempDir('contract');
  await writeShell(path.join(repoDir, 'shell', 'dist'), shellShared);
  await writeBuild(repoDir, wallet, '2.0.0', build);
  const artifact = await readBuildArtifact(repoDir, wallet, '2.0.0');
  return contractProblems(artifact.inspected, await readShellShared(path.join(repoDir, 'shell', 'dist')));
};

describe('contract check', () => {
  it('passes a build that exposes ./screens, has its entry and routes, and fits the shell', async () => {
    await expect(check({})).resolves.toEqual([]);
  });

  it('refuses a shared singleton version the live shell cannot satisfy', async () => {
    const problems = await check({
      shared: [{ name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true }],
    });
    expect(problems).toEqual([
      'requires react ^20.0.0 as a shared singleton, but the live shell 1.0.0 provides react 19.3.1',
    ]);
  });

  it('accepts a newer shell within the range, and non-singletons or packages the shell does not share', async () => {
    const problems = await check(
      {
        shared: [
          { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true },
          { name: 'dayjs', version: '2.0.0', requiredVersion: '^2.0.0', singleton: false },
          { name: 'zustand', version: '5.0.0', requiredVersion: '^5.0.0', singleton: true },
        ],
      },
      [REACT_SHARED, { name: 'dayjs', version: '1.11.0', requiredVersion: '^1.11.0', singleton: false }],
    );
    expect(problems).toEqual([]);
  });

  it('refuses a build that does not expose ./screens', async () => {
    await expect(check({ exposes: ['./pages'] })).resolves.toEqual(['does not expose ./screens (it exposes ./pages)']);
    await expect(check({ exposes: [] })).resolves.toEqual(['does not expose ./screens (it exposes nothing)']);
  });

  it('refuses a build without routes.json', async () => {
    await expect(check({ routes: null })).resolves.toEqual(['has no route metadata (routes.json is missing)']);
  });

  it('refuses invalid route metadata', async () => {
    const [problem] = await check({
      routes: [{ path: 'no-slash', titleKey: 'wallet:t', public: false, keepAlive: false }],
    });
    expect(problem).toMatch(/^has invalid route metadata \(routes.json is not a route list: /);
    const [notJson] = await check({ routes: '{ not json' });
    expect(notJson).toMatch(/^has invalid route metadata/);
  });

  it('refuses a build whose entry file is missing', async () => {
    await expect(check({ entry: false })).resolves.toEqual(['has no entry file remoteEntry.js']);
  });

  it('refuses when the live shell build cannot be read', async () => {
    const repoDir = await tempDir('contract');
    await writeBuild(repoDir, wallet, '2.0.0');
    const artifact = await readBuildArtifact(repoDir, wallet, '2.0.0');
    const [problem] = contractProblems(artifact.inspected, await readShellShared(path.join(repoDir, 'no-shell')));
    expect(problem).toMatch(/cannot be checked against the live shell: .*mf-manifest\.json is missing/);
  });

  it('reports every problem at once', async () => {
    const problems = await check({ exposes: [], routes: null, entry: false });
    expect(problems).toHaveLength(3);
  });

  it('throws a ContractError naming each problem unless forced; forced, it warns and returns them', () => {
    const warnings: string[] = [];
    expect(() => enforceContract('mfe-wallet 2.0.0', ['has no entry file remoteEntry.js'], false, () => {})).toThrow(
      ContractError,
    );
    expect(() => enforceContract('mfe-wallet 2.0.0', ['a', 'b'], false, () => {})).toThrow(
      'mfe-wallet 2.0.0 fails the contract check:\n  - a\n  - b\nFix the build and deploy a new version, or override with --force --reason "<why>".',
    );
    expect(enforceContract('mfe-wallet 2.0.0', ['a'], true, (line) => warnings.push(line))).toEqual(['a']);
    expect(warnings[0]).toMatch(/^WARNING: mfe-wallet 2.0.0 fails the contract check; continuing because of --force/);
    expect(enforceContract('mfe-wallet 2.0.0', [], false, () => {})).toEqual([]);
  });
});
