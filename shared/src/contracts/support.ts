import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { bodyIdField, queryIdField } from './ids';
import { LANGUAGE_CODES } from './languages';

/**
 * What a notification can say. The server stores the kind and its params and renders the text
 * (`notice.<kind>` in the errors catalogue) in the reader's language when listing.
 * Money params (`amount`) are integer cents.
 */
export const NOTICE_KINDS = [
  'orderPaid',
  'orderShipped',
  'orderDelivered',
  'refundAgreed',
  'refundRefused',
  'topUpApproved',
  'topUpRefused',
  'withdrawalPaid',
  'withdrawalRefused',
  'supportStreak',
  'serviceReply',
  'complaintHandled',
  'complaintReplied',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type NoticeParams = Record<string, string | number>;

/** One notification as listed: the text is already in the request's language. */
export interface Notification {
  id: number;
  kind: NoticeKind;
  text: string;
  /** An in-app path (e.g. `/orderInfo/12`), or '' when there is nowhere to go. */
  link: string;
  read: boolean;
  createdAt: string;
}

/** `GET /api/user/notifications` */
export const notificationListQuery = pageQuerySchema;

/** `POST /api/user/notifications/read`: the listed ids, or every notification with `all: true`. */
export const markNotificationsReadBody = z.union(
  [
    z.strictObject({
      ids: z
        .array(bodyIdField('err.support.notificationNotFound'), 'err.support.notificationNotFound')
        .min(1, 'err.support.notificationNotFound')
        .max(100, 'err.support.notificationNotFound'),
    }),
    z.strictObject({ all: z.literal(true, 'err.support.notificationNotFound') }),
  ],
  'err.support.notificationNotFound',
);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;

export const MAX_SERVICE_MESSAGE_LENGTH = 1000;
/** The thread shows this many latest messages. */
export const SERVICE_THREAD_LIMIT = 100;

const messageText = z
  .string('err.support.messageEmpty')
  .trim()
  .min(1, 'err.support.messageEmpty')
  .max(MAX_SERVICE_MESSAGE_LENGTH, 'err.support.messageTooLong');

/** `POST /api/user/service_message` */
export const serviceMessageBody = z.object({ body: messageText });
export type ServiceMessageBody = z.infer<typeof serviceMessageBody>;

/** A message of the customer-service conversation. */
export interface ServiceMessage {
  id: number;
  fromOperator: boolean;
  body: string;
  createdAt: string;
}

/** External customer-service channels; a disabled one is shown as "Not Yet Open". */
export const SERVICE_CHANNEL_KINDS = ['email', 'whatsapp', 'telegram', 'phone', 'web'] as const;
export type ServiceChannelKind = (typeof SERVICE_CHANNEL_KINDS)[number];

export interface ServiceChannel {
  id: number;
  kind: ServiceChannelKind;
  name: string;
  url: string;
  enabled: boolean;
}

/** Only links a browser opens safely: never `javascript:` or `data:`. */
export const isSafeChannelUrl = (url: string): boolean => /^(https:\/\/|mailto:|tel:)[^\s]+$/i.test(url);

/** `POST /api/admin/service_channel`: switch a channel on or off, or change where it leads. */
export const serviceChannelUpdateBody = z.object({
  id: bodyIdField('err.support.channelNotFound'),
  enabled: z.boolean('err.invalidBody').optional(),
  url: z
    .string('err.support.channelUrl')
    .max(500, 'err.support.channelUrl')
    .refine(isSafeChannelUrl, 'err.support.channelUrl')
    .optional(),
});
export type ServiceChannelUpdateBody = z.infer<typeof serviceChannelUpdateBody>;

/** Operator view of one shopper's thread. */
export interface ServiceThread {
  userId: number;
  account: string;
  lastMessage: string;
  lastAt: string;
  /** Shopper messages after the last operator reply. */
  unanswered: number;
}

/** `GET /api/admin/service_messages?userId=` */
export const serviceThreadQuery = z.object({ userId: queryIdField('err.support.threadNotFound') });

/** `POST /api/admin/service_reply` */
export const serviceReplyBody = z.object({ userId: bodyIdField('err.support.threadNotFound'), body: messageText });
export type ServiceReplyBody = z.infer<typeof serviceReplyBody>;

/** Help and support, law and policy, platform (partnership): `help_support`, `law`, `platform`. */
export const CONTENT_SLUGS = ['help', 'law', 'platform'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

/** Plain text; blank lines separate paragraphs. Rendered as text, never as HTML. */
export interface ContentPage {
  slug: ContentSlug;
  /** The language served: the requested one, else English. */
  lang: string;
  title: string;
  body: string;
}

export const MAX_CONTENT_BODY_LENGTH = 50_000;

/** `POST /api/admin/content_page` */
export const contentPageBody = z.object({
  slug: z.enum(CONTENT_SLUGS, 'err.support.contentSlug'),
  lang: z.enum(LANGUAGE_CODES, 'err.languageUnknown'),
  title: z
    .string('err.support.contentTitle')
    .trim()
    .min(1, 'err.support.contentTitle')
    .max(200, 'err.support.contentTitle'),
  body: z
    .string('err.support.contentBody')
    .trim()
    .min(1, 'err.support.contentBody')
    .max(MAX_CONTENT_BODY_LENGTH, 'err.support.contentBody'),
});
export type ContentPageBody = z.infer<typeof contentPageBody>;

/** Paragraphs of a content body: blank lines separate them; single newlines stay inside one. */
export const contentParagraphs = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
