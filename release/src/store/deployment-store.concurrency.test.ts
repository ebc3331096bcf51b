import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { storedManifestSchema, type StoredManifest } from '@marketplace/shared/contracts';
import { tempDir } from '../test-fixtures';
import { LocalDeploymentStore } from './local-store';
import { allBackends } from './store-backends';

/** A manifest big enough that a non-atomic write would be seen half-done. */
const bigManifest = (generation: number): StoredManifest => ({
  updatedAt: new Date(generation).toISOString(),
  remotes: Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [
      `mfe-remote${i}`,
      {
        name: `mfe_remote${i}`,
        version: `${generation}.0.0`,
        entry: `/mfe/mfe-remote${i}/${generation}.0.0/mf-manifest.json`,
        namespace: `remote${i}`,
        routes: Array.from({ length: 20 }, (_, r) => ({
          path: `/route-${r}-${'x'.repeat(generation % 7)}`,
          titleKey: `remote${i}:title.r${r}`,
          public: r % 2 === 0,
          keepAlive: false,
        })),
      },
    ]),
  ),
});

/** The same guarantees on every store: the local folder, and the S3 store on each test server. */
describe.each(allBackends())('$name deployment store under concurrency', (backend) => {
  beforeAll(() => backend.start(), 90_000);
  afterAll(() => backend.stop());

  it('switches the manifest atomically: a reader looping during 60 switches only ever sees whole manifests', async () => {
    const { store, read } = await backend.open();
    await store.writeManifest(bigManifest(0));
    let writing = true;
    let reads = 0;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const parsed = storedManifestSchema.parse(JSON.parse((await read('manifest.json')) ?? 'null'));
        const versions = new Set(Object.values(parsed.remotes).map((entry) => entry.version));
        // Every entry of one manifest carries the same generation; a mix would mean a torn read.
        expect(versions.size).toBe(1);
        seen.add([...versions][0] ?? '');
        reads += 1;
      }
    })();
    for (let generation = 1; generation <= 60; generation += 1) await store.writeManifest(bigManifest(generation));
    writing = false;
    await reader;

    expect(reads).toBeGreaterThan(10);
    expect(seen.size).toBeGreaterThan(1);
    expect((await store.readManifest())?.remotes['mfe-remote0']?.version).toBe('60.0.0');
  });

  it('runs tasks under withLock one at a time: 10 concurrent read-modify-writes by two release managers lose no update', async () => {
    if (!backend.manyWriters) {
      console.info(`${backend.name}: ten writers of one object at once are beyond this test server; see StoreBackend`);
      return;
    }
    const { store, another } = await backend.open();
    const managers = [store, another()];
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const store = managers[i % 2]!;
        return store.withLock(async () => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          const history = await store.readHistory();
          // Yield so an unlocked rival would read the same history in between.
          await new Promise((resolve) => setTimeout(resolve, 5));
          const versions = history.previous['mfe-wallet'] ?? [];
          await store.writeHistory({ previous: { 'mfe-wallet': [...versions, `${i}.0.0`] } });
          await store.appendAudit({
            at: new Date().toISOString(),
            who: 'test',
            host: 'test',
            command: 'promote',
            remote: 'mfe-wallet',
            from: versions.at(-1) ?? null,
            to: `${i}.0.0`,
          });
          inside -= 1;
        });
      }),
    );

    expect(mostInside).toBe(1);
    expect((await store.readHistory()).previous['mfe-wallet']?.sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i}.0.0`).sort(),
    );
    expect(await store.readAudit()).toHaveLength(10);
  });

  it('releases the lock when the task fails', async () => {
    const { store } = await backend.open();
    await expect(store.withLock(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(store.withLock(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('LocalDeploymentStore audit log', () => {
  it('keeps a whole audit log and ignores only a cut-short last line', async () => {
    const store = new LocalDeploymentStore(await tempDir('audit'));
    const entry = {
      at: '2026-01-01T00:00:00.000Z',
      who: 'alice',
      host: 'h',
      command: 'deploy' as const,
      remote: 'mfe-wallet',
      from: null,
      to: '1.0.0',
    };
    await store.appendAudit(entry);
    await store.appendAudit({ ...entry, to: '2.0.0' });
    await appendFile(path.join(store.rootDir, '.release', 'audit.log'), '{"at":"2026-01-0');

    expect((await store.readAudit()).map((e) => e.to)).toEqual(['1.0.0', '2.0.0']);
  });
});
