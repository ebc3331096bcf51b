import type { ApiError } from '../api/base-query';

/** What an RTK Query mutation's trigger resolves to (the result of `await trigger(args)`). */
export interface MutationResult {
  data?: unknown;
  error?: unknown;
}

/**
 * The one way a screen reads a mutation (requirements §13.2): the base query has already toasted any
 * failure, so a screen only decides what comes next. `answered` tells a refusal by the server (its
 * envelope came back) from a call that never got one; `detail` is the refusal's `data` (e.g. why a
 * payment failed, read with `paymentFailureOf`), null when there is none.
 */
export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; answered: boolean; detail: unknown };

export const outcomeOf = <R extends MutationResult>(result: R): MutationOutcome<Exclude<R['data'], undefined>> => {
  if (result.error === undefined) return { ok: true, data: result.data as Exclude<R['data'], undefined> };
  const error = result.error as Partial<ApiError> | null;
  const envelope = typeof error === 'object' && error !== null ? error.data : undefined;
  return { ok: false, answered: envelope !== undefined, detail: envelope?.data ?? null };
};
