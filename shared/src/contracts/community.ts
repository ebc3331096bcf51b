import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { bodyIdField, queryIdField } from './ids';

/**
 * Shop support ("mutual aid"), complaints, merchant sign-up and VIP.
 * All shopper calls are `POST` with a JSON body unless noted; paged lists take `page`/`pageSize`
 * in the body and answer `Page<T>`. Money is integer cents.
 */

const noNul = (value: string) => !value.includes('\u0000');

/** Bounded, trimmed text; missing, empty, too long or with a NUL byte all answer `msg`. */
const text = (max: number, msg: string, tooLong = msg) =>
  z.string(msg).trim().min(1, msg).max(max, tooLong).refine(noNul, msg);

/* ------------------------------------------------------------------ support (mutual aid) */

/** Success and failure texts of requirements §8.1: "Support Successful" / "Support Failed". */
export const SUPPORT_OK_KEY = 'ok.community.support';
export const SUPPORT_FAILED_KEY = 'err.community.supportFailed';

/** Consecutive-day streaks that write a `supportStreak` notification. */
export const SUPPORT_STREAK_MILESTONES = [7, 30, 100] as const;

/** `POST /api/merchant/assistList`: shops the shopper can support (followed shops first, then by ranking). */
export const assistListBody = pageQuerySchema;
export type AssistListBody = z.input<typeof assistListBody>;

/** `POST /api/merchant/assist`, `POST /api/merchant/assistStatus`. */
export const assistBody = z.object({ shopId: bodyIdField('err.catalogue.shopNotFound') });
export type AssistBody = z.infer<typeof assistBody>;

/** The support record of requirements §8.1: one shop as the support list shows it. */
export interface SupportRecord {
  shopId: number;
  shopName: string;
  /** Shop logo URL ('' when none). */
  logo: string;
  /** Days this shopper has supported this shop (cumulative). */
  days: number;
  /** The shop's support days from every shopper (`shops.support_days`). */
  totalDays: number;
  /** Supported already today (the day in the server's `SUPPORT_TIME_ZONE`). */
  supportedToday: boolean;
  /** The shopper follows this shop (followed shops are listed first). */
  followed: boolean;
}

/** `POST /api/merchant/assistStatus` data, and the data of a successful `assist`. */
export interface SupportStatus {
  shopId: number;
  supportedToday: boolean;
  /** Days this shopper has supported this shop (cumulative). */
  days: number;
  /** The shop's total support days. */
  totalDays: number;
  /** Consecutive days up to and including today (0 when not supported today or yesterday). */
  streak: number;
  /** Today's date in the support time zone, `YYYY-MM-DD`. */
  today: string;
}

/** `POST /api/merchant/assistHistory`: the shopper's past supports, newest first. */
export const assistHistoryBody = pageQuerySchema;
export type AssistHistoryBody = z.input<typeof assistHistoryBody>;

export interface SupportHistoryEntry {
  id: number;
  shopId: number;
  shopName: string;
  logo: string;
  /** The support day, `YYYY-MM-DD` in the support time zone. */
  day: string;
  /** This was the shopper's n-th support of the shop (running count up to this day). */
  count: number;
  /** Days this shopper has supported this shop in all (cumulative, now). */
  days: number;
  createdAt: string;
}

/* ------------------------------------------------------------------ complaints */

export const MAX_COMPLAINT_SHOP_NAME = 100;
export const MAX_COMPLAINT_CONTENT = 1000;
export const COMPLAINT_STATES = ['open', 'handled'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/** `POST /api/merchant/complaint`: shop or business name and content are required ("Submission Successful"). */
export const complaintBody = z.object({
  /** Optional: the shop the complaint is about; it must exist. */
  shopId: bodyIdField('err.catalogue.shopNotFound').optional(),
  shopName: text(MAX_COMPLAINT_SHOP_NAME, 'err.community.complaintRequired', 'err.community.complaintTooLong'),
  content: text(MAX_COMPLAINT_CONTENT, 'err.community.complaintRequired', 'err.community.complaintTooLong'),
});
export type ComplaintBody = z.infer<typeof complaintBody>;

export interface Complaint {
  id: number;
  shopId: number | null;
  shopName: string;
  content: string;
  state: ComplaintState;
  createdAt: string;
}

/** Operator view of a complaint: who complained, who works on it, the last reply and how many notes. */
export interface AdminComplaint extends Complaint {
  userId: number;
  account: string;
  assigneeId: number | null;
  /** The assigned operator's name; null when nobody is assigned. */
  assignee: string | null;
  /** Customer service's last reply to the shopper; null before the first. */
  reply: string | null;
  repliedAt: string | null;
  notes: number;
}

/** An operator's internal note on a complaint (never shown to the shopper). */
export interface ComplaintNote {
  id: number;
  author: string;
  text: string;
  createdAt: string;
}

/** An operator a complaint can be assigned to (support or admin role, enrolled). */
export interface ComplaintAssignee {
  id: number;
  name: string;
}

/** `GET /api/admin/complaints?state=&page=&pageSize=` */
export const complaintListQuery = pageQuerySchema.extend({
  state: z.enum(COMPLAINT_STATES, 'err.community.complaintState').optional(),
});
export type ComplaintListQuery = z.infer<typeof complaintListQuery>;

/** `POST /api/admin/complaint_handle` */
export const complaintHandleBody = z.object({ id: bodyIdField('err.community.complaintNotFound') });
export type ComplaintHandleBody = z.infer<typeof complaintHandleBody>;

export const MAX_COMPLAINT_REPLY = 1000;
export const MAX_COMPLAINT_NOTE = 1000;

/** `POST /api/admin/complaint_reply`: the shopper is notified with the reply, in their language's frame. */
export const complaintReplyBody = z.object({
  id: bodyIdField('err.community.complaintNotFound'),
  text: text(MAX_COMPLAINT_REPLY, 'err.community.complaintReplyRequired'),
});
export type ComplaintReplyBody = z.infer<typeof complaintReplyBody>;

/** `POST /api/admin/complaint_note`: an internal note. */
export const complaintNoteBody = z.object({
  id: bodyIdField('err.community.complaintNotFound'),
  text: text(MAX_COMPLAINT_NOTE, 'err.community.complaintNoteRequired'),
});
export type ComplaintNoteBody = z.infer<typeof complaintNoteBody>;

/** `POST /api/admin/complaint_assign`: an operator's id, or null to unassign. */
export const complaintAssignBody = z.object({
  id: bodyIdField('err.community.complaintNotFound'),
  operatorId: bodyIdField('err.community.assigneeNotFound').nullable(),
});
export type ComplaintAssignBody = z.infer<typeof complaintAssignBody>;

/** `GET /api/admin/complaint_notes?id=` */
export const complaintNotesQuery = z.object({ id: queryIdField('err.community.complaintNotFound') });

/* ------------------------------------------------------------------ merchant sign-up */

/** `GET /api/merchant/signup` data: where the separate seller platform lives. */
export interface MerchantSignup {
  url: string;
}

/** `POST /api/merchant/apply` ("Application successful"). */
export const merchantApplyBody = z.object({
  shopName: text(100, 'err.community.applyShopName'),
  /** E-mail, phone or messenger handle the seller team answers on. */
  contact: text(100, 'err.community.applyContact'),
  note: z
    .string('err.community.applyNote')
    .trim()
    .max(500, 'err.community.applyNote')
    .refine(noNul, 'err.community.applyNote')
    .optional(),
});
export type MerchantApplyBody = z.infer<typeof merchantApplyBody>;

export interface MerchantApplyResult {
  id: number;
  /** The seller platform, to continue there. */
  url: string;
}

/** Operator view of an application. */
export interface MerchantApplication {
  id: number;
  userId: number;
  account: string;
  shopName: string;
  contact: string;
  note: string;
  createdAt: string;
}

/* ------------------------------------------------------------------ VIP */

export const MAX_VIP_LEVEL = 100;

/** One level as the upgrade screen shows it. */
export interface VipLevelInfo {
  level: number;
  name: string;
  priceCents: number;
  /** Benefit texts, already in the request's language. */
  benefits: string[];
  /** The shopper already has this level or a higher one. */
  owned: boolean;
}

/** `GET /api/user/vip` data: the shopper's level (0 = none) and the levels on sale. */
export interface VipInfo {
  current: number;
  levels: VipLevelInfo[];
}

/**
 * `POST /api/user/vipUpgrade`: pays the level's price from the balance. The payment code is checked
 * like paying an order (same messages and the same shared lock). `requestId` makes repeats apply once.
 */
export const vipUpgradeBody = z.object({
  level: z
    .number('err.community.vipLevelInvalid')
    .int('err.community.vipLevelInvalid')
    .min(1, 'err.community.vipLevelInvalid')
    .max(MAX_VIP_LEVEL, 'err.community.vipLevelInvalid'),
  payPassword: z.string('err.payFail').min(1, 'err.payFail').max(32, 'err.payFail'),
  requestId: z.string('err.wallet.requestId').regex(/^[A-Za-z0-9_-]{8,64}$/, 'err.wallet.requestId'),
});
export type VipUpgradeBody = z.infer<typeof vipUpgradeBody>;

/** `vipUpgrade` data ("Upgrade successful"). */
export interface VipUpgradeResult {
  purchaseId: number;
  level: number;
  priceCents: number;
  /** Balance after paying, integer cents. */
  balance: number;
}

/** Operator view of a level (benefits as stored: i18n keys or texts). */
export interface AdminVipLevel {
  level: number;
  name: string;
  priceCents: number;
  benefits: string[];
  enabled: boolean;
}

/** `POST /api/admin/vip_level`: create or change a level. */
export const vipLevelBody = z.object({
  level: z
    .number('err.community.vipLevelInvalid')
    .int('err.community.vipLevelInvalid')
    .min(1, 'err.community.vipLevelInvalid')
    .max(MAX_VIP_LEVEL, 'err.community.vipLevelInvalid'),
  name: text(50, 'err.community.vipName'),
  priceCents: z
    .number('err.community.vipPrice')
    .int('err.community.vipPrice')
    .positive('err.community.vipPrice')
    .max(100_000_000, 'err.community.vipPrice'),
  benefits: z
    .array(text(200, 'err.community.vipBenefit'), 'err.community.vipBenefit')
    .max(20, 'err.community.vipBenefit')
    .optional(),
  enabled: z.boolean('err.invalidBody').optional(),
});
export type VipLevelBody = z.infer<typeof vipLevelBody>;
