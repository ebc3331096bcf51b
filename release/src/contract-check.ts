import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_EXPOSE } from '@marketplace/shared/contracts';
import { sharedOf, type InspectedVersion, type SharedRequirement } from './inspect-version';
import {
  parseSharedContract,
  SHARED_CONTRACT_FILE,
  sharedContractProblems,
  type SharedContract,
} from './shared-contract';

/**
 * The shared packages a shell provides (its `mf-manifest.json`) and the shared contract it was built
 * against (`shared-contract.json`), or why they could not be read. `label` names it in messages:
 * `shell 1.2.0` for a version in the store, `the embedded shell (…/shell/dist)` otherwise.
 */
export type ShellShared =
  | { ok: true; label: string; shared: SharedRequirement[]; contract: SharedContract | string }
  | { ok: false; label: string; problem: string };

/** Reads a shell's build through `read` (a build folder or a version in the store alike). */
export const readShellFrom = async (
  read: (file: string) => Promise<string | null>,
  where: string,
  label: string,
): Promise<ShellShared> => {
  const text = await read('mf-manifest.json');
  const problem = (reason: string) => ({
    ok: false as const,
    label,
    problem: `cannot be checked against ${label}: ${where}/mf-manifest.json ${reason} (build the shell, or set SHELL_DIR)`,
  });
  if (text === null) return problem('is missing');
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return problem('is not valid JSON');
  }
  return {
    ok: true,
    label,
    shared: sharedOf(manifest),
    contract: parseSharedContract(await read(SHARED_CONTRACT_FILE)),
  };
};

const readTextOrNull = async (file: string): Promise<string | null> => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Reads what a shell build folder shares: the embedded shell the server serves when no shell version is
 * live in the store. Named `the live shell <version>` by the version its build recorded.
 */
export const readShellShared = async (shellDir: string, label = 'the live shell'): Promise<ShellShared> => {
  const shell = await readShellFrom((file) => readTextOrNull(path.join(shellDir, file)), shellDir, label);
  if (!shell.ok || typeof shell.contract === 'string') return shell;
  return { ...shell, label: `${label} ${shell.contract.app.version}` };
};

/**
 * What stops a remote version from working in the live shell: a shared singleton the shell provides
 * in a version outside the remote's range (two copies of React, two stores), no `./screens` module,
 * no entry file, or no valid route metadata (the shell could not route to it).
 */
export const contractProblems = (
  version: InspectedVersion,
  shell: ShellShared,
  label = `this ${version.name} version`,
): string[] => {
  const problems: string[] = [];
  if (!version.exposes.includes(REMOTE_EXPOSE)) {
    const found = version.exposes.length > 0 ? version.exposes.join(', ') : 'nothing';
    problems.push(`does not expose ${REMOTE_EXPOSE} (it exposes ${found})`);
  }
  if (!version.entryPresent) problems.push(`has no entry file ${version.entryFile}`);
  if (version.routesProblem) problems.push(version.routesProblem);
  return [...problems, ...sharedProblems(version, shell, label)];
};

/**
 * What stops a remote version (`label`) from running with a shell's shared singletons: the shared
 * contract it was built against against the one the shell provides (shared-contract.ts), and each
 * singleton's version range. Used both ways: a remote against the live shell, a shell against every live remote.
 */
export const sharedProblems = (
  version: Pick<InspectedVersion, 'contract' | 'shared'>,
  shell: ShellShared,
  label: string,
): string[] => {
  const problems: string[] = [];
  if (!shell.ok) {
    problems.push(shell.problem);
    return problems;
  }
  if (typeof version.contract === 'string') problems.push(`${label} ${version.contract}`);
  else if (typeof shell.contract === 'string') problems.push(`${shell.label} ${shell.contract}`);
  else
    problems.push(
      ...sharedContractProblems(version.contract, shell.contract, { consumer: label, provider: shell.label }),
    );
  const provided = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
  for (const required of version.shared) {
    const shellVersion = provided.get(required.name);
    if (!required.singleton || shellVersion === undefined || !semver.validRange(required.requiredVersion)) continue;
    if (!semver.valid(shellVersion) || !semver.satisfies(shellVersion, required.requiredVersion)) {
      problems.push(
        `requires ${required.name} ${required.requiredVersion} as a shared singleton, ` +
          `but ${shell.label} provides ${required.name} ${shellVersion}`,
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
        'Fix the build and deploy a new version, or override with --force --reason "<why>".',
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
  reason?: string,
): string[] => {
  if (problems.length === 0) return [];
  if (!force) throw new ContractError(label, problems);
  if (reason !== undefined && reason.trim() === '') {
    throw new ContractError(label, [
      ...problems,
      '--force needs a reason: --reason "<why>" (it goes into the audit log)',
    ]);
  }
  warn(
    `WARNING: ${label} fails the contract check; continuing because of --force:\n` +
      problems.map((problem) => `  - ${problem}`).join('\n'),
  );
  return problems;
};
