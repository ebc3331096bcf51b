import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the current operator call: a signed-in operator, or the shared automation token
 * (`ADMIN_TOKEN`, local automation only). The operator routes' preHandler (admin/admin-auth.ts) runs the
 * rest of the request inside `runAs`, so every `operator_audit` row written while it runs records the
 * actor (the columns' defaults read it), in the same transaction as the decision itself.
 */
export interface OperatorActor {
  /** null for the automation token. */
  operatorId: number | null;
  /** The operator's name at the time, or AUTOMATION_ACTOR. */
  name: string;
}

/** How the audit names a call made with the shared ADMIN_TOKEN. */
export const AUTOMATION_ACTOR = 'automation token';

const storage = new AsyncLocalStorage<OperatorActor>();

export const runAs = <T>(actor: OperatorActor, work: () => T): T => storage.run(actor, work);

/** The actor of the operator call this code runs in; undefined outside one (shopper calls, timers). */
export const currentActor = (): OperatorActor | undefined => storage.getStore();
