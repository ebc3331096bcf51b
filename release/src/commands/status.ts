import { REMOTE_FOLDERS } from '../remotes';
import { STATIC_UNITS, type AuditEntry } from '../store/deployment-store';
import { sortedVersions, type CommandContext } from './command-context';

/** A plain-text table with padded columns (valid Markdown too). */
const formatTable = (headers: string[], rows: string[][]): string => {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
};

const describeAudit = (entry: AuditEntry): string => {
  const change = entry.from === null ? `${entry.to ?? ''}` : `${entry.from} -> ${entry.to ?? 'nothing'}`;
  const forced = entry.forced?.length
    ? ` (forced past: ${entry.forced.join('; ')}${entry.reason ? `; reason: ${entry.reason}` : ''})`
    : '';
  return `${entry.command} ${entry.remote} ${change}${forced}`;
};

/**
 * `status`: each remote's live, canary, previous and deployed versions, then the latest audit
 * entries (who, when, what).
 */
export const status = async (ctx: CommandContext, { limit = 20 }: { limit?: number } = {}): Promise<string> => {
  const [manifest, history, audit, stored, staticLive] = await Promise.all([
    ctx.store.readManifest(),
    ctx.store.readHistory(),
    ctx.store.readAudit(),
    ctx.store.listRemotes(),
    Promise.all(STATIC_UNITS.map((unit) => ctx.store.readLive(unit))),
  ]);
  // The shell and the console: their live version (null: the server's embedded build) by folder.
  const liveStatic = new Map(STATIC_UNITS.map((unit, index) => [unit.folder, staticLive[index] ?? null]));
  const known: string[] = [...REMOTE_FOLDERS, ...liveStatic.keys()];
  const folders = [
    ...known,
    ...[...stored, ...Object.keys(manifest?.remotes ?? {})].filter((f) => !known.includes(f)).sort(),
  ].filter((folder, index, all) => all.indexOf(folder) === index);
  const rows = await Promise.all(
    folders.map(async (folder) => {
      const isStatic = liveStatic.has(folder);
      const liveVersion = liveStatic.get(folder);
      const live = isStatic ? liveVersion && { version: liveVersion.version } : manifest?.remotes[folder];
      const previous = (history.previous[folder] ?? []).filter((version) => version !== live?.version).at(-1);
      const available = await sortedVersions(ctx.store, folder);
      return [
        folder,
        live?.version ?? (isStatic ? 'embedded' : '-'),
        live && 'canary' in live && live.canary ? `${live.canary.version} (${live.canary.percent}%)` : '-',
        previous ?? '-',
        available.length > 0 ? available.join(', ') : '-',
      ];
    }),
  );
  const recent = audit.slice(-limit).reverse();
  return [
    `Deployment store: ${ctx.store.location}${manifest ? ` (manifest updated ${manifest.updatedAt})` : ''}`,
    '',
    formatTable(['unit', 'live', 'canary', 'previous', 'available'], rows),
    '',
    `Audit history (latest ${recent.length} of ${audit.length}, newest first)`,
    '',
    recent.length > 0
      ? formatTable(
          ['when', 'who', 'what'],
          recent.map((entry) => [entry.at, `${entry.who}@${entry.host}`, describeAudit(entry)]),
        )
      : 'No release changes yet.',
  ].join('\n');
};
