/**
 * Field health (docs/decisions/0003-independent-releases.md): the few lines of telemetry the first load carries. The shell's remote code
 * notes what happens here; the reporter (reporter.ts, its own chunk with web-vitals) is imported by start.ts once the
 * first screen is drawn and the browser is idle, takes over what was noted meanwhile and sends it.
 * Nothing personal is noted: a remote's key, its version, a route PATTERN (`/detail/:id`), never a path,
 * query string, token or account.
 */
export type NoteKind = 'session' | 'load' | 'error';

export interface Note {
  kind: NoteKind;
  remote: string;
  version: string;
  /** The route pattern of the screen, when known. */
  route?: string;
}

const waiting: Note[] = [];
let sink: ((note: Note) => void) | null = null;
const versions = new Map<string, string>();
let screen: { remote: string; route: string } | null = null;

export const note = (kind: NoteKind, remote: string, version = versions.get(remote) ?? '', route?: string): void => {
  if (kind === 'session') versions.set(remote, version);
  const entry = { kind, remote, version, route: route ?? (screen?.remote === remote ? screen.route : undefined) };
  if (sink) sink(entry);
  else if (waiting.length < 100) waiting.push(entry);
};

/** The screen on show: what Web Vitals and errors are attributed to. */
export const noteScreen = (remote: string, route: string): void => {
  screen = { remote, route };
};

export const currentScreen = () => (screen ? { ...screen, version: versions.get(screen.remote) ?? '' } : null);

/** The reporter takes over: everything noted so far, then each note as it happens. */
export const takeNotes = (next: (note: Note) => void): void => {
  sink = next;
  waiting.splice(0).forEach(next);
};
