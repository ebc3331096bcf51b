import { fakeApi, ok } from '@marketplace/shared/testing';

/**
 * The reporter as a page runs it: notes taken before it loaded and after, one session / load failure /
 * error per remote version, route patterns only, sent (a keepalive fetch with the `lang` and `language`
 * headers every API call carries) on pagehide and every 15 s, and not at all when the page is not in the
 * sample. The server's answers are the only things provided here.
 */
let api: ReturnType<typeof fakeApi>;
/** The reports sent so far (the telemetry endpoint is no JSON-envelope route of the contracts). */
const beacons = () =>
  api
    .sentTo('POST', '/api/telemetry')
    .map((call) => ({ url: call.path, body: call.body as { events: Array<Record<string, unknown>> } }));

const load = async (sampleRate: number) => {
  jest.resetModules();
  api = fakeApi({ 'GET /api/telemetry/config': ok({ sampleRate }) }, { otherwise: ok(null) });
  const hooks = await import('./hooks');
  const reporter = await import('./reporter');
  return { hooks, start: () => reporter.startReporter() };
};

afterEach(() => jest.useRealTimers());

// Each test's reporter keeps its listeners on the one jsdom window: the test with no listener of its own
// to leave behind comes first, the one that raises a rejection last.
it('sends nothing from a page outside the sample', async () => {
  const { hooks, start } = await load(0);
  hooks.note('session', 'mfe-catalogue', '2.0.0');
  await start();
  hooks.note('error', 'mfe-catalogue');
  window.dispatchEvent(new Event('pagehide'));
  expect(beacons()).toEqual([]);
});

it('sends what was noted before and after it loaded, once per remote version, on pagehide', async () => {
  const { hooks, start } = await load(1);
  hooks.noteScreen('mfe-catalogue', '/detail/:id');
  hooks.note('session', 'mfe-catalogue', '2.0.0');
  hooks.note('load', 'mfe-catalogue', '2.0.0');
  await start();
  // The boundary catches the same failed load: not counted again. A second page of the same version neither.
  hooks.note('error', 'mfe-catalogue');
  hooks.note('session', 'mfe-catalogue', '2.0.0');
  hooks.note('session', 'mfe-wallet', '1.0.0');
  hooks.note('error', 'mfe-wallet', undefined, '/topUp');
  window.dispatchEvent(new Event('pagehide'));
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(beacons()).toHaveLength(1);
  // Both calls carry the language headers, as every API call does.
  for (const call of api.calls) {
    expect([call.path, call.headers.get('lang'), call.headers.get('language')]).toEqual([call.path, 'en', 'en']);
  }
  expect(beacons()[0]!.url).toBe('/api/telemetry');
  expect(beacons()[0]!.body.events).toEqual([
    { kind: 'session', remote: 'mfe-catalogue', version: '2.0.0', route: '/detail/:id' },
    { kind: 'load', remote: 'mfe-catalogue', version: '2.0.0', route: '/detail/:id' },
    { kind: 'session', remote: 'mfe-wallet', version: '1.0.0' },
    { kind: 'error', remote: 'mfe-wallet', version: '1.0.0', route: '/topUp' },
  ]);
  // Nothing left: the next pagehide sends nothing.
  window.dispatchEvent(new Event('pagehide'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(beacons()).toHaveLength(1);
});

it('sends every 15 s in beacons of at most 50 events, and attributes a rejection in a remote to its version', async () => {
  jest.useFakeTimers();
  const { hooks, start } = await load(1);
  await start();
  for (let i = 0; i < 60; i++) hooks.note('session', 'mfe-orders', `1.${i}.0`);
  const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
  rejection.reason = { stack: 'Error: x\n    at f (https://shop.example/mfe/mfe-orders/1.3.0/123.abc.js:1:2)' };
  window.dispatchEvent(rejection);
  jest.advanceTimersByTime(15_000);
  jest.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(beacons().map((beacon) => beacon.body.events.length)).toEqual([50, 11]);
  expect(beacons()[1]!.body.events.at(-1)).toEqual({ kind: 'error', remote: 'mfe-orders', version: '1.3.0' });
});
