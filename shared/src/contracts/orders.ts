import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { bodyIdField, queryIdField } from './ids';

/**
 * Order status values of requirements §7.1, in the order of the order-list tabs. The old numbering showed
 * no number for "refund in progress"; -3 is the one gap in its sequence.
 */
export const ORDER_STATUS_TABS = ['all', '0', '1', '2', '3', '4', '-1', '-3', '-2', '-4'] as const;
export type OrderStatusTab = (typeof ORDER_STATUS_TABS)[number];
export const OrderStatus = {
  WAITING_PAY: 0,
  WAITING_DELIVERY: 1,
  DELIVERED: 2,
  RECEIVED: 3,
  COMPLETED: 4,
  CANCELLED: -1,
  REFUNDED: -2,
  REFUND_IN_PROGRESS: -3,
  IN_AFTER_SALE: -4,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const isOrderStatusTab = (value: unknown): value is OrderStatusTab =>
  typeof value === 'string' && (ORDER_STATUS_TABS as readonly string[]).includes(value);

/** `GET /api/user/order_list` query. */
export const orderListQuery = pageQuerySchema.extend({ status: z.enum(ORDER_STATUS_TABS).default('all') });
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** One row of the order list. Money is integer cents. */
export interface OrderSummary {
  id: number;
  orderNo: string;
  status: OrderStatus;
  shopName: string;
  /** Title of the first product; the card says how many more there are. */
  productTitle: string;
  productImage: string | null;
  quantity: number;
  /** Number of distinct products; the card shows "and N more" beyond the first. */
  itemCount: number;
  total: number;
  /** What the shopper may do now (buttons on the card). */
  actions: OrderAction[];
  createdAt: string;
}

/** What the shopper may do with an order now; derived from the state machine on the server. */
export const ORDER_ACTIONS = ['pay', 'cancel', 'confirm', 'refund', 'comment'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** `POST /api/order/cancel`, `/api/order/confirm`; `GET /api/order/detail?id` */
export const orderIdBody = z.object({
  id: bodyIdField('err.order.notFound'),
});
export const orderIdQuery = z.object({
  id: queryIdField('err.order.notFound'),
});

export interface OrderItem {
  productId: number;
  title: string;
  image: string;
  spec: Record<string, string>;
  unitPrice: number;
  quantity: number;
  subtotal: number;
}

/** Address as it was when the order was placed (later edits do not change orders). */
export interface OrderAddress {
  addressee: string;
  mobilePhone: string;
  area: string;
  detailedAddress: string;
}

export const LOGISTICS_EVENT_KINDS = ['created', 'paid', 'shipped', 'delivered', 'received', 'cancelled'] as const;
export type LogisticsEventKind = (typeof LOGISTICS_EVENT_KINDS)[number];

/** One step of the logistics timeline, newest first; `text` is already translated. */
export interface LogisticsEvent {
  kind: LogisticsEventKind;
  text: string;
  carrier: string | null;
  trackingNo: string | null;
  createdAt: string;
}

export const REFUND_TYPES = ['refund', 'return'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];
export const PRODUCT_STATUSES = ['received', 'notReceived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const REFUND_STATES = ['pending', 'agreed', 'refused'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

const text = (key: string, max: number) => z.string(key).trim().min(1, key).max(max, key);

/** Proof pictures a refund request may carry (at least one: requirements §7.3, proof is required). */
export const MAX_REFUND_PICS = 6;

const uploadId = z.string('err.refund.uploadProof').min(1, 'err.refund.uploadProof').max(64, 'err.refund.uploadProof');

/** The request's proof pictures, in order and once each: `attachment` first, then `attachments`. */
export const refundPictureIds = (body: Pick<RefundBody, 'attachment' | 'attachments'>): string[] => [
  ...new Set([...(body.attachment ? [body.attachment] : []), ...(body.attachments ?? [])]),
];

/**
 * `POST /api/order/refund` (requirements §7.3). One request per order. The proof is the original
 * `attachment` (one upload id) and/or `attachments` (up to six); together, without repeats, 1..6 pictures.
 */
export const refundBody = z
  .object({
    orderId: bodyIdField('err.order.notFound'),
    refundType: z.enum(REFUND_TYPES, 'err.refund.typeRequired'),
    refundAmount: z.number('err.refund.fillAmount').int('err.refund.fillAmount').min(0, 'err.refund.amountNegative'),
    productStatus: z.enum(PRODUCT_STATUSES, 'err.refund.productStatusRequired'),
    reason: text('err.refund.fillReason', 200),
    explain: text('err.refund.fillExplain', 1000),
    /** Upload id of the (first) proof picture (`POST /api/upload`); may be left out when `attachments` has one. */
    attachment: uploadId.optional(),
    /** Upload ids of the proof pictures, in order (may repeat `attachment`). */
    attachments: z.array(uploadId, 'err.refund.uploadProof').max(MAX_REFUND_PICS, 'err.refund.tooManyPics').optional(),
  })
  .superRefine((body, context) => {
    const count = refundPictureIds(body).length;
    if (count === 0) context.addIssue({ code: 'custom', message: 'err.refund.uploadProof', path: ['attachment'] });
    if (count > MAX_REFUND_PICS) {
      context.addIssue({ code: 'custom', message: 'err.refund.tooManyPics', path: ['attachments'] });
    }
  });
export type RefundBody = z.infer<typeof refundBody>;

export interface RefundInfo {
  refundType: RefundType;
  refundAmount: number;
  productStatus: ProductStatus;
  reason: string;
  explain: string;
  /** The first proof picture (`attachmentUrls[0]`). */
  attachmentUrl: string;
  /** Every proof picture, in the order sent (1..6). */
  attachmentUrls: string[];
  state: RefundState;
  /** The operator's reason when refused. */
  decisionReason: string;
  createdAt: string;
  decidedAt: string | null;
}

export const MAX_COMMENT_PICS = 6;
const score = z
  .number('err.comment.scoreInvalid')
  .int('err.comment.scoreInvalid')
  .min(1, 'err.comment.scoreInvalid')
  .max(5, 'err.comment.scoreInvalid');

/** `POST /api/order/comment`. One per order, on a received order. */
export const commentBody = z.object({
  orderId: bodyIdField('err.order.notFound'),
  content: text('err.comment.contentEmpty', 1000),
  productScore: score,
  serviceScore: score,
  postageScore: score,
  /** Upload ids (`POST /api/upload`). */
  pics: z.array(z.string().min(1).max(64)).max(MAX_COMMENT_PICS, 'err.comment.tooManyPics').default([]),
});
export type CommentBody = z.input<typeof commentBody>;

/** `GET /api/catalogue/product_comments?id&page&pageSize` */
export const productCommentsQuery = pageQuerySchema.extend({
  id: queryIdField('err.catalogue.productNotFound'),
});

/** A review as shown on the product detail. The author's account is masked. */
export interface ProductComment {
  id: number;
  author: string;
  content: string;
  productScore: number;
  serviceScore: number;
  postageScore: number;
  pics: string[];
  createdAt: string;
}

export interface OrderDetail {
  id: number;
  orderNo: string;
  status: OrderStatus;
  shopId: number | null;
  shopName: string;
  items: OrderItem[];
  quantity: number;
  /** Goods, integer cents. */
  subtotal: number;
  freight: number;
  discount: number;
  promoCode: string | null;
  total: number;
  address: OrderAddress | null;
  carrier: string | null;
  trackingNo: string | null;
  logistics: LogisticsEvent[];
  refund: RefundInfo | null;
  comment: ProductComment | null;
  actions: OrderAction[];
  createdAt: string;
  paidAt: string | null;
}

/** Uploads (refund proof, comment pictures): checked by content, at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** `POST /api/upload` data (multipart field `file`); `url` is readable by the owner and operators. */
export interface UploadResult {
  id: string;
  url: string;
}
