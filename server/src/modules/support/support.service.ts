import {
  DEFAULT_LANGUAGE,
  formatMoney,
  SERVICE_THREAD_LIMIT,
  type ContentPage,
  type ContentPageBody,
  type MarkNotificationsReadBody,
  type NoticeKind,
  type NoticeParams,
  type Notification,
  type Page,
  type PageQuery,
  type ServiceChannel,
  type ServiceChannelKind,
  type ServiceChannelUpdateBody,
  type ServiceMessage,
  type ServiceThread,
  type ContentSlug,
} from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import type { Translate } from '../../lib/messages';
import { inTransaction } from '../ledger/transaction';
import type { Notifier } from './notifier';
import { DEFAULT_CONTENT_PAGES, DEFAULT_SERVICE_CHANNELS } from './support-content';
import type { ServiceMessageRow, SupportRepository } from './support.repository';
import { recordDecision } from '../operators/operators.repository';

interface Deps {
  db: Db;
  support: SupportRepository;
  notifier: Notifier;
  now: () => Date;
}

/** Money params are stored as cents and shown as dollars. */
const MONEY_PARAMS = new Set(['amount']);

const renderParams = (params: NoticeParams): NoticeParams =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      MONEY_PARAMS.has(name) && typeof value === 'number' ? formatMoney(value) : value,
    ]),
  );

const toMessage = (row: ServiceMessageRow): ServiceMessage => ({
  id: row.id,
  fromOperator: row.fromOperator,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const iso = (value: string | Date) => new Date(value).toISOString();

export const createSupportService = ({ db, support, notifier, now }: Deps) => ({
  /** First start: the help, law and platform pages and the external channels, unless already there. */
  async ensureDefaults(): Promise<void> {
    await support.insertPagesIfMissing(DEFAULT_CONTENT_PAGES);
    if ((await support.countChannels()) === 0) await support.insertChannels(DEFAULT_SERVICE_CHANNELS);
  },

  async listNotifications(userId: number, { page, pageSize }: PageQuery, t: Translate): Promise<Page<Notification>> {
    const { rows, total } = await support.listNotifications(userId, page, pageSize);
    return {
      list: rows.map((row) => ({
        id: row.id,
        kind: row.kind as NoticeKind,
        text: t(`notice.${row.kind}`, renderParams(row.params)),
        link: row.link,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  },

  unreadCount: async (userId: number) => ({ unread: await support.countUnread(userId) }),

  async markRead(userId: number, body: MarkNotificationsReadBody) {
    const marked = await support.markRead(userId, 'all' in body ? 'all' : body.ids, now());
    return { marked, unread: await support.countUnread(userId) };
  },

  /** The shopper's thread; opening it marks the operator's answers read. */
  async shopperThread(userId: number): Promise<ServiceMessage[]> {
    const rows = await support.listThread(userId, SERVICE_THREAD_LIMIT);
    await support.markThreadRead(userId, true, now());
    return rows.map(toMessage);
  },

  sendShopperMessage: async (userId: number, body: string): Promise<ServiceMessage> =>
    toMessage(await support.insertMessage(db, { userId, fromOperator: false, body })),

  async listChannels(): Promise<ServiceChannel[]> {
    const rows = await support.listChannels();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as ServiceChannelKind,
      name: row.name,
      // A closed channel does not hand out its address.
      url: row.enabled ? row.url : '',
      enabled: row.enabled,
    }));
  },

  async updateChannel({ id, enabled, url }: ServiceChannelUpdateBody) {
    const current = (await support.listChannels()).find((row) => row.id === id);
    if (!current) throw fail('err.support.channelNotFound');
    if ((enabled ?? current.enabled) && !(url ?? current.url)) throw fail('err.support.channelUrl');
    return support.updateChannel(id, { enabled: enabled ?? current.enabled, url: url ?? current.url });
  },

  async listThreads(): Promise<ServiceThread[]> {
    const rows = await support.listThreads(200);
    return rows.map((row) => ({
      userId: row.user_id,
      account: row.account,
      lastMessage: row.last_message,
      lastAt: iso(row.last_at),
      unanswered: Number(row.unanswered),
    }));
  },

  /** An operator reading a thread marks the shopper's messages read. */
  async operatorThread(userId: number): Promise<ServiceMessage[]> {
    if (!(await support.userExists(userId))) throw fail('err.support.threadNotFound');
    const rows = await support.listThread(userId, SERVICE_THREAD_LIMIT);
    await support.markThreadRead(userId, false, now());
    return rows.map(toMessage);
  },

  /** The reply and the shopper's notification commit together. */
  async reply(userId: number, body: string): Promise<ServiceMessage> {
    if (!(await support.userExists(userId))) throw fail('err.support.threadNotFound');
    return inTransaction(db, async (tx) => {
      const message = await support.insertMessage(tx, { userId, fromOperator: true, body });
      await notifier.notify(tx, userId, 'serviceReply', {}, '/service');
      // Who answered (docs/decisions/0002-operator-accounts.md): the operator call's actor is recorded with the row.
      const detail = JSON.stringify({ messageId: message.id });
      await recordDecision(tx, {
        action: 'service.reply',
        targetType: 'serviceThread',
        targetId: String(userId),
        detail,
      });
      return toMessage(message);
    });
  },

  async page(slug: ContentSlug, lang: string): Promise<ContentPage> {
    const row = await support.findPage(slug, lang, DEFAULT_LANGUAGE);
    if (!row) throw fail('err.support.contentNotFound');
    return { slug, lang: row.lang, title: row.title, body: row.body };
  },

  async savePage(body: ContentPageBody): Promise<ContentPage> {
    const row = await support.upsertPage(body, now());
    return { slug: body.slug, lang: row.lang, title: row.title, body: row.body };
  },
});

export type SupportService = ReturnType<typeof createSupportService>;
