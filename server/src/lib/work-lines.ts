import PQueue from 'p-queue';

/**
 * THE way work waits its turn in this process (argon2 runs, a shopper's secret checks): at most
 * `concurrency` run at once, the rest wait first come, first served. A waiter gives up when the caller's
 * `deadline` (an AbortSignal, e.g. `AbortSignal.timeout(ms)`) fires: it leaves the line at once, takes no
 * place, and the call rejects with the signal's reason (see `isDeadline`). Already running work is not
 * interrupted. One deadline can be passed to several lines in turn, so a request waits at most that long
 * in all of them together.
 */
interface WorkLine {
  run<T>(work: () => Promise<T>, deadline?: AbortSignal): Promise<T>;
}

export const createWorkLine = (concurrency: number): WorkLine => {
  const queue = new PQueue({ concurrency });
  return { run: (work, deadline) => queue.add(work, { signal: deadline }) };
};

/** One line per key (e.g. per shopper), made on first use and dropped once idle, so keys cost nothing after. */
export const createKeyedWorkLines = <K>(concurrency: number) => {
  const lines = new Map<K, PQueue>();
  return {
    run<T>(key: K, work: () => Promise<T>, deadline?: AbortSignal): Promise<T> {
      let queue = lines.get(key);
      if (!queue) {
        const created = new PQueue({ concurrency });
        created.on('idle', () => {
          if (lines.get(key) === created && created.size === 0 && created.pending === 0) lines.delete(key);
        });
        lines.set(key, (queue = created));
      }
      return queue.add(work, { signal: deadline });
    },
    /** Keys with work running or waiting (tests: idle keys are dropped). */
    get activeKeys(): number {
      return lines.size;
    },
  };
};

/** True when `error` is the reason `deadline` fired with: the wait ran out, nothing was done. */
export const isDeadline = (error: unknown, deadline: AbortSignal | undefined): boolean =>
  deadline !== undefined && deadline.aborted && error === deadline.reason;
