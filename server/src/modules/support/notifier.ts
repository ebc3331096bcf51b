import type { NoticeKind, NoticeParams } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Executor } from '../ledger/transaction';

/** Only in-app paths are kept as links: a notification can never send a shopper to another site. */
const safeLink = (link: string): string =>
  link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') && link.length <= 200 ? link : '';

/**
 * Writes a shopper's notification inside the caller's own transaction (pass the `tx`), so the event and
 * what caused it commit or roll back together. The text is rendered from `notice.<kind>` and `params` in
 * the reader's language when listed; `amount` params are integer cents.
 */
export const createNotifier = (db: Db) => ({
  async notify(
    executor: Executor | null,
    userId: number,
    kind: NoticeKind,
    params: NoticeParams = {},
    link = '',
  ): Promise<void> {
    await (executor ?? db).insert(notifications).values({ userId, kind, params, link: safeLink(link) });
  },
});

export type Notifier = ReturnType<typeof createNotifier>;
