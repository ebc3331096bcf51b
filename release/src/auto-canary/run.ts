import { ReleaseError } from '../errors';
import type { RemoteApp } from '../remotes';
import type { AuditEntry, AutoCanaryRecord } from '../store/deployment-store';
import {
  commitCanary,
  commitPromote,
  commitRemote,
  describeServing,
  enforceStoredContract,
  readManifestOrEmpty,
  requireDeployed,
  type CommandContext,
} from '../commands/command-context';
import { clamp, decide, TEST_NAME, type CohortCounts } from './decision';
import { HealthAccessError, type HealthRow, type HealthSource } from './health-source';

export const DEFAULT_STEPS = [5, 25, 50, 100] as const;

export interface AutoCanaryOptions {
  health: HealthSource;
  /** Canary shares in percent, rising, the last 100 (promote). Default 5, 25, 50, 100. */
  steps?: readonly number[];
  /** Canary sessions each step waits for (default 200). */
  minSessions?: number;
  /** Stable sessions over the same window (default: minSessions). */
  minStableSessions?: number;
  /** The run's false-alarm level (default 0.05); each step's one-sided test is at alpha / (steps - 1). */
  alpha?: number;
  /** How often field health is read (default 15 s). */
  pollMs?: number;
  /** Longest wait for a step's sessions; then the run stops, the canary left where it is (default 6 h). */
  maxStepWaitMs?: number;
  force?: boolean;
  reason?: string;
  sleep?: (ms: number) => Promise<void>;
}

type AutoCanaryOutcome = 'promoted' | 'rolled-back';

const ZERO = { sessions: 0, failures: 0 };

/** Sessions and failing sessions of the canary (this version, canary cohort) and of stable (the live version). */
const cohortCounts = (rows: readonly HealthRow[], canaryVersion: string, liveVersion: string) => {
  const sum = (cohort: HealthRow['cohort'], version: string): CohortCounts =>
    rows
      .filter((row) => row.cohort === cohort && row.version === version)
      .reduce(
        (total, row) => ({
          sessions: total.sessions + row.sessions,
          failures: total.failures + Math.min(row.sessions, row.loadFailures + row.errors),
        }),
        { ...ZERO },
      );
  return { canary: sum('canary', canaryVersion), stable: sum('stable', liveVersion) };
};

const minus = (a: CohortCounts, b: CohortCounts): CohortCounts =>
  clamp({ sessions: a.sessions - b.sessions, failures: a.failures - b.failures });

const validSteps = (steps: readonly number[]): number[] => {
  const ok =
    steps.length > 1 &&
    steps.every((step, i) => Number.isInteger(step) && step > 0 && step <= 100 && (i === 0 || step > steps[i - 1]!)) &&
    steps.at(-1) === 100;
  if (!ok)
    throw new ReleaseError(
      `--steps must rise from 1 to 100, end at 100 and have one step below it, not ${steps.join(',')}`,
    );
  return [...steps];
};

/** The audit line that started the step the canary is at (the last auto line of this version at that share). */
const stepStartedBy = (audit: AuditEntry[], folder: string, version: string, percent: number) =>
  audit.findLast(
    (entry) =>
      entry.remote === folder &&
      entry.auto?.version === version &&
      entry.auto.toPercent === percent &&
      (entry.auto.decision === 'start' || entry.auto.decision === 'next-step'),
  );

/**
 * `release canary <remote> <version> --auto`: moves a sticky cohort through `steps`, and at each step waits
 * for `minSessions` canary sessions (and as many stable ones) since the step began, compares their failing
 * sessions with the test in decision.ts, and takes the next step (the last one promotes) or rolls the canary
 * back at once. Every decision goes into the audit with its figures (`auto`). The state is the store's own:
 * the manifest's canary share and the audit line that began the step, so a run killed and started again
 * resumes at that step; every change is made under the store's lock only if the canary is still where this
 * run left it, so nothing is promoted twice and a release manager's own promote or rollback ends the run.
 */
export const autoCanary = async (
  ctx: CommandContext,
  remote: RemoteApp,
  version: string,
  options: AutoCanaryOptions,
): Promise<AutoCanaryOutcome> => {
  const steps = validSteps(options.steps ?? DEFAULT_STEPS);
  const minSessions = options.minSessions ?? 200;
  const alpha = options.alpha ?? 0.05;
  const pollMs = options.pollMs ?? 15_000;
  const maxWait = options.maxStepWaitMs ?? 6 * 3_600_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const label = `${remote.folder} ${version}`;
  // Each step is one look at the data: the run's false-alarm rate is held to alpha by testing each of the
  // steps.length - 1 looks at alpha / (steps.length - 1) (Bonferroni).
  const stepAlpha = alpha / (steps.length - 1);
  const decisionOptions = { minSessions, minStableSessions: options.minStableSessions, alpha: stepAlpha };

  const reading = async (live: string, sinceMs: number) =>
    cohortCounts(await options.health(remote.folder, sinceMs), version, live);
  const baselineAt = async (live: string, sinceMs: number) => {
    try {
      return await reading(live, sinceMs);
    } catch (error) {
      if (error instanceof HealthAccessError) throw error;
      ctx.warn(`${label}: field health unreadable at the step's start (${(error as Error).message}); counting from 0`);
      return { canary: { ...ZERO }, stable: { ...ZERO } };
    }
  };

  /** Moves the canary from `from` (null: not yet a canary) to `to` percent, if it is still at `from`. */
  const move = (
    from: number | null,
    to: number,
    record: Omit<AutoCanaryRecord, 'version' | 'fromPercent' | 'toPercent'>,
  ) =>
    ctx.store.withLock(async () => {
      const manifest = await readManifestOrEmpty(ctx);
      const current = manifest.remotes[remote.folder];
      if (!current) throw new ReleaseError(`${remote.folder} has no live version; promote one before a canary`);
      const at = current.canary?.version === version ? current.canary.percent : null;
      if (at !== from || current.version === version) {
        throw new ReleaseError(
          `${label}: the canary is no longer where this run left it (${describeServing(current)}); stopping`,
        );
      }
      const info = await requireDeployed(ctx.store, remote, version);
      const { force, reason } = options;
      const forced = await enforceStoredContract(ctx, remote, version, { force, reason });
      const audit = { forced, reason, auto: { version, fromPercent: from, toPercent: to, ...record } };
      if (to === 100) await commitPromote(ctx, { manifest, remote, current, info }, audit);
      else await commitCanary(ctx, { manifest, remote, current, info, percent: to }, audit);
      return current.version;
    });

  const rollBack = (from: number, record: Omit<AutoCanaryRecord, 'version' | 'fromPercent' | 'toPercent'>) =>
    ctx.store.withLock(async () => {
      const manifest = await readManifestOrEmpty(ctx);
      const current = manifest.remotes[remote.folder];
      if (!current || current.canary?.version !== version || current.canary.percent !== from) {
        throw new ReleaseError(
          `${label}: the canary is no longer where this run left it (${describeServing(current)}); stopping`,
        );
      }
      const { canary: _ended, ...live } = current;
      await commitRemote(
        ctx,
        { manifest, remote, current, entry: live },
        { command: 'rollback', to: current.version, auto: { version, fromPercent: from, toPercent: 0, ...record } },
      );
    });

  // Where the store says this canary is: not started, at a step (resume), or already live.
  const manifest = await readManifestOrEmpty(ctx);
  const current = manifest.remotes[remote.folder];
  if (current?.version === version && !current.canary) {
    ctx.log(`${label} is already live for everyone; nothing to do.`);
    return 'promoted';
  }
  let percent: number;
  let live: string;
  let stepStart: number;
  let baseline: { canary: CohortCounts; stable: CohortCounts };
  if (current?.canary?.version === version) {
    percent = current.canary.percent;
    live = current.version;
    if (!steps.includes(percent)) {
      throw new ReleaseError(`${label} is the canary at ${percent}%, not one of the steps ${steps.join(', ')}`);
    }
    const started = stepStartedBy(await ctx.store.readAudit(), remote.folder, version, percent);
    stepStart = started ? Date.parse(started.at) : ctx.now().getTime();
    baseline = started?.auto?.baseline ?? (await baselineAt(live, stepStart));
    ctx.log(
      `${label}: resuming the automated canary at ${percent}% (step began ${new Date(stepStart).toISOString()}).`,
    );
  } else {
    percent = steps[0]!;
    stepStart = ctx.now().getTime();
    live = current?.version ?? '';
    baseline = await baselineAt(live, stepStart);
    live = await move(null, percent, { decision: 'start', baseline });
    ctx.log(`${label} is the canary for ${percent}% of browsers; the others keep ${live}.`);
  }

  for (;;) {
    const waitingSince = ctx.now().getTime();
    let lastNote = '';
    for (;;) {
      // A release manager's own promote, rollback or canary ends this run (the store is the state).
      const serving = (await readManifestOrEmpty(ctx)).remotes[remote.folder];
      if (serving?.canary?.version !== version || serving.canary.percent !== percent) {
        throw new ReleaseError(
          `${label}: the canary is no longer where this run left it (${describeServing(serving)}); stopping`,
        );
      }
      let counts: { canary: CohortCounts; stable: CohortCounts } | null = null;
      try {
        const now = await reading(live, stepStart);
        counts = { canary: minus(now.canary, baseline.canary), stable: minus(now.stable, baseline.stable) };
      } catch (error) {
        if (error instanceof HealthAccessError) throw error;
        ctx.warn(`${label}: field health unreadable (${(error as Error).message}); asking again`);
      }
      if (counts) {
        const decision = decide(counts.canary, counts.stable, decisionOptions);
        if (decision.action !== 'wait') {
          const figures = {
            canary: counts.canary,
            stable: { ...counts.stable, version: live },
            test: TEST_NAME,
            pValue: decision.pValue,
            alpha: decision.alpha,
          };
          if (decision.action === 'rollback') {
            await rollBack(percent, { decision: 'rollback', ...figures });
            ctx.log(`${label} rolled back at ${percent}%: ${decision.reason}. Everyone gets ${live}.`);
            return 'rolled-back';
          }
          const index = steps.indexOf(percent);
          const next = steps[index + 1]!;
          if (next === 100) {
            await move(percent, 100, { decision: 'promote', ...figures });
            ctx.log(`${label} promoted to everyone after ${percent}%: ${decision.reason}.`);
            return 'promoted';
          }
          const nextStart = ctx.now().getTime();
          const nextBaseline = await baselineAt(live, nextStart);
          await move(percent, next, { decision: 'next-step', baseline: nextBaseline, ...figures });
          ctx.log(`${label}: ${percent}% -> ${next}%: ${decision.reason}.`);
          percent = next;
          stepStart = nextStart;
          baseline = nextBaseline;
          break;
        }
        if (decision.reason !== lastNote) ctx.log(`${label} at ${percent}%: ${(lastNote = decision.reason)}`);
      }
      if (ctx.now().getTime() - waitingSince > maxWait) {
        throw new ReleaseError(
          `${label}: not enough sessions at ${percent}% after ${Math.round(maxWait / 60_000)} min; the canary stays ` +
            `at ${percent}% (run again to resume, or promote / roll back by hand)`,
        );
      }
      await sleep(pollMs);
    }
  }
};
