import i18next from 'i18next';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { currentScreen, takeNotes, type Note } from './hooks';

/** The server's endpoint and its sampling setting (server/src/modules/telemetry). */
const ENDPOINT = '/api/telemetry';
const CONFIG = '/api/telemetry/config';
const FLUSH_MS = 15_000;
/** What one beacon carries at most (the server refuses more), and what waits at most between beacons. */
const PER_BEACON = 50;
const MAX_QUEUE = 200;

type Kind = Note['kind'] | 'LCP' | 'INP' | 'CLS';
interface Event {
  kind: Kind;
  remote: string;
  version: string;
  route?: string;
  value?: number;
}

const queue: Event[] = [];
/** One session, one load failure and one error per remote version and page: the rates are per session. */
const seen = new Set<string>();

const add = (event: Event) => {
  if (!event.remote || !event.version) return;
  if (event.kind === 'session' || event.kind === 'load' || event.kind === 'error') {
    const key = `${event.remote}|${event.version}|`;
    // A failed load also reaches the area's error boundary: the same failure, counted once.
    if (seen.has(key + event.kind) || (event.kind === 'error' && seen.has(key + 'load'))) return;
    seen.add(key + event.kind);
  }
  if (queue.length < MAX_QUEUE) queue.push(event);
};

/**
 * Every call to the API carries `lang` and `language` (requirements: "Headers: lang and language"), these
 * too: the shell's language, as the shared base query sends it. A beacon (sendBeacon) cannot carry headers,
 * so the reports go as a `keepalive` fetch, which outlives the page as a beacon does.
 */
const languageHeaders = (): Record<string, string> => {
  const lang = i18next.language || 'en';
  return { lang, language: lang };
};

const flush = () => {
  while (queue.length > 0) {
    const events = queue.splice(0, PER_BEACON);
    void fetch(ENDPOINT, {
      method: 'POST',
      keepalive: true,
      headers: { ...languageHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    }).catch(() => undefined);
  }
};

const vital = (metric: Metric) => {
  const screen = currentScreen();
  if (screen)
    add({
      kind: metric.name as Kind,
      remote: screen.remote,
      version: screen.version,
      route: screen.route,
      value: metric.value,
    });
};

/** A rejection whose stack runs through a remote's files (`/mfe/<remote>/<version>/`) is that version's. */
const rejection = (event: PromiseRejectionEvent) => {
  const stack = String((event.reason as Error | undefined)?.stack ?? '');
  const found = /\/mfe\/([a-z][\w-]*)\/([\w.+-]+)\//.exec(stack);
  if (found) add({ kind: 'error', remote: found[1]!, version: found[2]! });
};

const sampleRate = async (): Promise<number> => {
  try {
    const answer = (await (await fetch(CONFIG, { headers: languageHeaders() })).json()) as {
      data?: { sampleRate?: number };
    };
    return answer.data?.sampleRate ?? 0;
  } catch {
    return 0;
  }
};

/** Loaded after the first screen (hooks.ts): sampled per page by the server's setting. */
export const startReporter = async (): Promise<void> => {
  if (Math.random() >= (await sampleRate())) {
    takeNotes(() => undefined);
    return;
  }
  takeNotes((note) => add(note));
  try {
    onLCP(vital);
    onINP(vital);
    onCLS(vital);
  } catch {
    // A browser without the Performance APIs still reports load failures and errors.
  }
  window.addEventListener('unhandledrejection', rejection);
  window.setInterval(flush, FLUSH_MS);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
};
