import { deploymentManifestSchema } from './federation';
import { readDeploymentManifest } from './manifest-check';

const route = { path: '/home', titleKey: 'catalogue:title.home', public: true, keepAlive: true };
const remote = {
  name: 'mfe_catalogue',
  version: '1.0.0',
  entry: '/mfe/mfe-catalogue/1.0.0/mf-manifest.json',
  namespace: 'catalogue',
  routes: [route, { ...route, path: '/detail/:product?', keepAlive: false }],
};
const manifest = { updatedAt: '2026-11-25T06:00:00.000Z', remotes: { 'mfe-catalogue': remote } };

type Change = (copy: Record<string, unknown>) => unknown;
const withRemote =
  (change: (entry: Record<string, unknown>) => void): Change =>
  (copy) => {
    const entry = (copy.remotes as Record<string, Record<string, unknown>>)['mfe-catalogue'];
    change(entry as Record<string, unknown>);
    return copy;
  };
const withRoute = (change: (entry: Record<string, unknown>) => void): Change =>
  withRemote((entry) => change((entry.routes as Record<string, unknown>[])[0] as Record<string, unknown>));

/** Each case changes a fresh copy of the valid manifest. */
const cases: [string, Change][] = [
  ['the valid manifest', (copy) => copy],
  ['no remotes', (copy) => ({ ...copy, remotes: {} })],
  [
    'unknown fields at every level',
    (copy) => {
      withRoute((r) => (r.extra = 1))(copy);
      withRemote((e) => (e.canary = { percent: 5 }))(copy);
      return { ...copy, note: 'x' };
    },
  ],
  ['an empty route list', withRemote((e) => (e.routes = []))],
  ['null', () => null],
  ['an array', () => [manifest]],
  ['a string', () => JSON.stringify(manifest)],
  ['no updatedAt', (copy) => ({ remotes: copy.remotes })],
  ['a numeric updatedAt', (copy) => ({ ...copy, updatedAt: 1 })],
  ['remotes as an array', (copy) => ({ ...copy, remotes: [remote] })],
  ['remotes null', (copy) => ({ ...copy, remotes: null })],
  ['a remote that is a string', (copy) => ({ ...copy, remotes: { 'mfe-catalogue': 'x' } })],
  ['a container name with a dash', withRemote((e) => (e.name = 'mfe-catalogue'))],
  ['a container name starting with a digit', withRemote((e) => (e.name = '1mfe'))],
  ['an upper-case container name', withRemote((e) => (e.name = 'Mfe'))],
  ['an empty version', withRemote((e) => (e.version = ''))],
  ['a numeric version', withRemote((e) => (e.version = 1))],
  ['no entry', withRemote((e) => delete e.entry)],
  ['an empty namespace', withRemote((e) => (e.namespace = ''))],
  ['routes not a list', withRemote((e) => (e.routes = {}))],
  ['a route that is null', withRemote((e) => (e.routes = [null]))],
  ['a path without a leading slash', withRoute((r) => (r.path = 'home'))],
  ['an empty title key', withRoute((r) => (r.titleKey = ''))],
  ['public as a string', withRoute((r) => (r.public = 'true'))],
  ['no keepAlive', withRoute((r) => delete r.keepAlive)],
  ['a tab', withRoute((r) => (r.tab = { order: 1, icon: 'home', labelKey: 'common:tab.home', extra: 1 }))],
  ['a tab with an unknown icon', withRoute((r) => (r.tab = { order: 1, icon: 'star', labelKey: 'common:tab.home' }))],
  ['a tab with a fractional order', withRoute((r) => (r.tab = { order: 1.5, icon: 'home', labelKey: 'x:y' }))],
  ['a tab without a label', withRoute((r) => (r.tab = { order: 1, icon: 'home', labelKey: '' }))],
  ['a tab that is null', withRoute((r) => (r.tab = null))],
  ['a tabOf path', withRoute((r) => (r.tabOf = '/home'))],
  ['a tabOf without a leading slash', withRoute((r) => (r.tabOf = 'home'))],
  [
    'each history rule',
    withRemote((e) => (e.routes = ['push', 'reset', 'skip'].map((history) => ({ ...route, history })))),
  ],
  ['an unknown history rule', withRoute((r) => (r.history = 'clear'))],
];

describe('readDeploymentManifest', () => {
  it.each(cases)('answers like deploymentManifestSchema for %s', (_name, change) => {
    const value = change(structuredClone(manifest) as Record<string, unknown>);
    const parsed = deploymentManifestSchema.safeParse(value);
    expect(readDeploymentManifest(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('accepts the valid manifest and drops unknown fields', () => {
    const value = { ...structuredClone(manifest), note: 'x' };
    expect(readDeploymentManifest(value)).toEqual(manifest);
  });

  it('refuses a manifest with one bad remote among good ones', () => {
    const value = { ...manifest, remotes: { ...manifest.remotes, 'mfe-orders': { ...remote, name: '' } } };
    expect(readDeploymentManifest(value)).toBeNull();
  });
});
