/**
 * Attempts per key in a fixed window. In this process's memory by default; a store several processes
 * share (Redis `INCR` + `PEXPIRE`, `DECR`) fits the same two calls. The memory counter answers at once
 * (no promise): a right credential is then counted, compared and given back in one synchronous step, so
 * a burst of an operator's own parallel calls never sees the others in flight. With a shared store the
 * calls in flight count until they are compared, as the payment code's checks in flight do.
 */
export interface AttemptCounter {
  /** Counts one attempt and answers the key's count in the current window, this attempt included. */
  hit(key: string): number | Promise<number>;
  /** Gives one attempt back: a right credential is no failed guess. */
  undo(key: string): void | Promise<void>;
}

/** At most this many keys are kept; the oldest goes first, whatever a stranger sends. */
const MAX_KEYS = 100_000;

export const memoryAttemptCounter = (windowMs: number, now: () => number = Date.now): AttemptCounter => {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.delete(key);
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      return ++window.count;
    },
    undo(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count--;
    },
  };
};
