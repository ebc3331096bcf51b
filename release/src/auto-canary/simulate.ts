/**
 * The false-alarm rate of `release canary --auto`, measured by simulation (README: "Field health and
 * automated canaries"). A healthy canary fails exactly as often as stable; a run is a false alarm when any of
 * its steps (5 %, 25 %, 50 %; 100 % is the promotion) rolls it back. At each step the canary gets
 * `minSessions` sessions and stable the sessions its share brings meanwhile, as in the field.
 *
 *   npx tsx release/src/auto-canary/simulate.ts [runs] [minSessions] [alpha]
 */
import { decide } from './decision';
import { DEFAULT_STEPS } from './run';

let seed = 20_261_127;
const random = () => {
  // xorshift32: reproducible figures for the README.
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4_294_967_296;
};
const failures = (sessions: number, rate: number) => {
  let n = 0;
  for (let i = 0; i < sessions; i++) if (random() < rate) n++;
  return n;
};

/** Share of runs rolled back, and at which step. */
const simulate = (runs: number, minSessions: number, alpha: number, stableRate: number, canaryRate: number) => {
  const steps = DEFAULT_STEPS.slice(0, -1);
  const rolledBackAt = new Map<number, number>();
  for (let run = 0; run < runs; run++) {
    for (const percent of steps) {
      const canarySessions = minSessions;
      const stableSessions = Math.max(minSessions, Math.round((minSessions * (100 - percent)) / percent));
      const decision = decide(
        { sessions: canarySessions, failures: failures(canarySessions, canaryRate) },
        { sessions: stableSessions, failures: failures(stableSessions, stableRate) },
        { minSessions, alpha: alpha / steps.length },
      );
      if (decision.action === 'rollback') {
        rolledBackAt.set(percent, (rolledBackAt.get(percent) ?? 0) + 1);
        break;
      }
    }
  }
  const total = [...rolledBackAt.values()].reduce((a, b) => a + b, 0);
  return { rate: total / runs, atFirstStep: (rolledBackAt.get(steps[0]!) ?? 0) / runs };
};

const [runs = 10_000, minSessions = 200, alpha = 0.05] = process.argv.slice(2).map(Number);
const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
console.log(
  `runs ${runs}, min sessions ${minSessions} per step, run alpha ${alpha} (one-sided Fisher exact at alpha/3 per step), steps 5/25/50 -> 100`,
);
console.log(
  '| stable failure rate | healthy canary: false alarms per run | 2x worse canary: rolled back (at 5 %) | canary +10 points: rolled back (at 5 %) |',
);
console.log('|---|---|---|---|');
for (const stableRate of [0.005, 0.02, 0.05]) {
  const healthy = simulate(runs, minSessions, alpha, stableRate, stableRate);
  const twice = simulate(runs, minSessions, alpha, stableRate, stableRate * 2);
  const plusTen = simulate(runs, minSessions, alpha, stableRate, stableRate + 0.1);
  console.log(
    `| ${pct(stableRate)} | ${pct(healthy.rate)} | ${pct(twice.rate)} (${pct(twice.atFirstStep)}) | ${pct(plusTen.rate)} (${pct(plusTen.atFirstStep)}) |`,
  );
}
