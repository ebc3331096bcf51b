import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_EXPOSE } from '@marketplace/shared/contracts';
import { sharedOf, type InspectedVersion, type SharedRequirement } from './inspect-version';

/** The shared packages the live shell provides, or why they could not be read. */
export type ShellShared = { ok: true; shared: SharedRequirement[] } | { ok: false; problem: string };

/** Reads what the live shell shares from its build's `mf-manifest.json` (the shell the server serves). */
export const readShellShared = async (shellDir: string): Promise<ShellShared> => {
  const file = path.join(shellDir, 'mf-manifest.json');
  try {
    return { ok: true, shared: sharedOf(JSON.parse(await readFile(file, 'utf8'))) };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
    return {
      ok: false,
      problem: `cannot be checked against the live shell: ${file} ${reason} (build the shell, or set SHELL_DIR)`,
    };
  }
};

/**
 * What stops a remote version from working in the live shell: a shared singleton the shell provides
 * in a version outside the remote's range (two copies of React, two stores), no `./screens` module,
 * no entry file, or no valid route metadata (the shell could not route to it).
 */
export const contractProblems = (version: InspectedVersion, shell: ShellShared): string[] => {
  const problems: string[] = [];
  if (!version.exposes.includes(REMOTE_EXPOSE)) {
    const found = version.exposes.length > 0 ? version.exposes.join(', ') : 'nothing';
    problems.push(`does not expose ${REMOTE_EXPOSE} (it exposes ${found})`);
  }
  if (!version.entryPresent) problems.push(`has no entry file ${version.entryFile}`);
  if (version.routesProblem) problems.push(version.routesProblem);
  if (!shell.ok) {
    problems.push(shell.problem);
    return problems;
  }
  const provided = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
  for (const required of version.shared) {
    const shellVersion = provided.get(required.name);
    if (!required.singleton || shellVersion === undefined || !semver.validRange(required.requiredVersion)) continue;
    if (!semver.valid(shellVersion) || !semver.satisfies(shellVersion, required.requiredVersion)) {
      problems.push(
        `requires ${required.name} ${required.requiredVersion} as a shared singleton, ` +
          `but the live shell provides ${required.name} ${shellVersion}`,
      );
    }
  }
  return problems;
};

export class ContractError extends Error {
  override name = 'ContractError';
  constructor(
    label: string,
    readonly problems: string[],
  ) {
    super(
      `${label} fails the contract check:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Fix the build and deploy a new version, or override with --force.',
    );
  }
}

/**
 * Refuses a version with contract problems unless forced; a forced override is warned about and
 * its problems returned for the audit log.
 */
export const enforceContract = (
  label: string,
  problems: string[],
  force: boolean,
  warn: (line: string) => void,
): string[] => {
  if (problems.length === 0) return [];
  if (!force) throw new ContractError(label, problems);
  warn(
    `WARNING: ${label} fails the contract check; continuing because of --force:\n` +
      problems.map((problem) => `  - ${problem}`).join('\n'),
  );
  return problems;
};
