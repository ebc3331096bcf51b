/**
 * The test behind `release canary --auto` (docs/decisions/0003-independent-releases.md): at each step the canary's failing sessions
 * (a remote load failure or an error caught by its error boundary or a rejection in its code) are compared
 * with the stable version's over the same window with a ONE-SIDED FISHER EXACT TEST, H0: the canary fails no
 * more often than stable. The canary is rolled back when p <= alpha; otherwise the next step is taken. Exact
 * at any sample size, so small canaries (5 % of traffic) are judged without a normal approximation.
 */

export interface CohortCounts {
  sessions: number;
  /** Sessions that failed: load failures + errors, at most one each per page and version (the reporter). */
  failures: number;
}

interface DecisionOptions {
  /** Canary sessions needed since the step began before anything is decided. */
  minSessions: number;
  /** Stable sessions needed over the same window (default: minSessions). */
  minStableSessions?: number;
  /** One-sided level of the test (default 0.05). */
  alpha?: number;
}

type Decision =
  { action: 'wait'; reason: string } | { action: 'next' | 'rollback'; pValue: number; alpha: number; reason: string };

export const TEST_NAME = 'one-sided Fisher exact test (canary failure rate > stable)';

const logFactorials: number[] = [0];
const logFactorial = (n: number): number => {
  for (let i = logFactorials.length; i <= n; i++) logFactorials[i] = logFactorials[i - 1]! + Math.log(i);
  return logFactorials[n]!;
};
const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * P(X >= canary.failures) for X hypergeometric: of all failing sessions, how likely this many or more
 * fell on the canary's sessions if failing did not depend on the version.
 */
export const fisherOneSided = (canary: CohortCounts, stable: CohortCounts): number => {
  const n1 = canary.sessions;
  const total = canary.sessions + stable.sessions;
  const failures = canary.failures + stable.failures;
  if (n1 === 0 || failures === 0) return 1;
  const denominator = logChoose(total, n1);
  let p = 0;
  for (let k = canary.failures; k <= Math.min(n1, failures); k++) {
    if (n1 - k > total - failures) continue;
    p += Math.exp(logChoose(failures, k) + logChoose(total - failures, n1 - k) - denominator);
  }
  return Math.min(1, p);
};

/** Failing sessions counted at most once per session. */
export const clamp = (counts: CohortCounts): CohortCounts => ({
  sessions: Math.max(0, counts.sessions),
  failures: Math.max(0, Math.min(counts.failures, counts.sessions)),
});

const rate = ({ sessions, failures }: CohortCounts) =>
  sessions ? `${((100 * failures) / sessions).toFixed(1)}%` : '-';

export const decide = (canaryRaw: CohortCounts, stableRaw: CohortCounts, options: DecisionOptions): Decision => {
  const canary = clamp(canaryRaw);
  const stable = clamp(stableRaw);
  const alpha = options.alpha ?? 0.05;
  const minStable = options.minStableSessions ?? options.minSessions;
  if (canary.sessions < options.minSessions || stable.sessions < minStable) {
    return {
      action: 'wait',
      reason: `waiting for sessions: canary ${canary.sessions}/${options.minSessions}, stable ${stable.sessions}/${minStable}`,
    };
  }
  const pValue = fisherOneSided(canary, stable);
  const figures =
    `canary ${canary.failures}/${canary.sessions} failing (${rate(canary)}), ` +
    `stable ${stable.failures}/${stable.sessions} (${rate(stable)}), p = ${pValue.toPrecision(3)}`;
  return pValue <= alpha
    ? { action: 'rollback', pValue, alpha, reason: `${figures} <= ${alpha}: the canary is worse` }
    : { action: 'next', pValue, alpha, reason: `${figures} > ${alpha}: no worse than stable` };
};
