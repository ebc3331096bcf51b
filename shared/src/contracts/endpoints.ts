import type { Address, AddressBody } from './address';
import type { Bag } from './bag';
import type {
  CategoryCount,
  FollowResult,
  ProductCard,
  ProductDetail,
  ProductSearchPage,
  ShopCard,
  ShopDetail,
} from './catalogue';
import type {
  CheckoutPreview,
  CheckoutPreviewBody,
  CreateOrderBody,
  CreateOrderResult,
  PayOrdersBody,
  PayResult,
} from './checkout';
import type {
  AssistBody,
  ComplaintBody,
  MerchantApplyBody,
  MerchantApplyResult,
  MerchantSignup,
  SupportHistoryEntry,
  SupportRecord,
  SupportStatus,
  VipInfo,
  VipUpgradeBody,
  VipUpgradeResult,
} from './community';
import type { Page, PageQuery } from './envelope';
import type { Language } from './languages';
import type { LedgerEntry } from './ledger';
import type { CommentBody, OrderDetail, OrderSummary, ProductComment, RefundBody } from './orders';
import type {
  ContentPage,
  MarkNotificationsReadBody,
  Notification,
  ServiceChannel,
  ServiceMessage,
  ServiceMessageBody,
} from './support';
import type {
  EmailVerifyBody,
  ForgotPayResetBody,
  LoginBody,
  LoginResult,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPayBody,
  UserInfo,
} from './user';
import type {
  BalancePoint,
  BlockchainInfo,
  RechargeBody,
  RechargeRecord,
  RechargeResult,
  WithdrawalRecord,
  WithdrawBody,
  WithdrawInfo,
  WithdrawResult,
} from './wallet';

/** One endpoint: the JSON body it takes (`void` when it reads only the query) and the envelope's `data`. */
interface Endpoint<Body, Data> {
  body: Body;
  data: Data;
}

/** How many reviews each filter of the detail screen's review list shows. */
interface ReviewCounts {
  all: number;
  pics: number;
  scores: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/**
 * Every call the web app makes, by `METHOD /api/path`, with the body it sends and the data the server
 * answers in its envelope. Test kits type their fake server by it, so a fake answer has the contract's shape.
 */
export interface ApiEndpoints {
  'GET /api/user/getUserInfo': Endpoint<void, UserInfo>;
  'POST /api/user/logout': Endpoint<void, unknown>;
  'POST /api/user/login': Endpoint<LoginBody, LoginResult>;
  'POST /api/user/register': Endpoint<RegisterBody, unknown>;
  'POST /api/user/forgot_password/send': Endpoint<{ account: string }, unknown>;
  'POST /api/user/forgot_password/reset': Endpoint<
    { account: string; code: string; password: string; confirmPassword: string },
    unknown
  >;
  'POST /api/user/profile': Endpoint<ProfileBody, unknown>;
  'POST /api/user/email/send_code': Endpoint<void, null>;
  'POST /api/user/email/verify': Endpoint<EmailVerifyBody, UserInfo>;
  'POST /api/user/resetpwd': Endpoint<ResetPasswordBody, unknown>;
  'POST /api/user/resetPay': Endpoint<ResetPayBody, unknown>;
  'POST /api/user/forgot_pay/send': Endpoint<void, unknown>;
  'POST /api/user/forgot_pay/reset': Endpoint<ForgotPayResetBody, unknown>;
  'GET /api/user/language_list': Endpoint<void, Language[]>;
  'GET /api/user/set_language': Endpoint<void, unknown>;
  'GET /api/user/help_support': Endpoint<void, ContentPage>;
  'GET /api/user/law': Endpoint<void, ContentPage>;
  'GET /api/user/platform': Endpoint<void, ContentPage>;
  'GET /api/user/address_list': Endpoint<void, Address[]>;
  'GET /api/user/address': Endpoint<void, Address>;
  'POST /api/user/address_add': Endpoint<AddressBody, Address>;
  'POST /api/user/address_set_default': Endpoint<{ id: number }, unknown>;
  'GET /api/user/address_del': Endpoint<void, unknown>;
  'GET /api/user/notifications': Endpoint<void, Page<Notification>>;
  'GET /api/user/notifications/unread_count': Endpoint<void, { unread: number }>;
  'POST /api/user/notifications/read': Endpoint<MarkNotificationsReadBody, { marked: number; unread: number }>;
  'GET /api/user/service_messages': Endpoint<void, ServiceMessage[]>;
  'POST /api/user/service_message': Endpoint<ServiceMessageBody, ServiceMessage>;
  'GET /api/user/service_channels': Endpoint<void, ServiceChannel[]>;
  'GET /api/user/vip': Endpoint<void, VipInfo>;
  'POST /api/user/vipUpgrade': Endpoint<VipUpgradeBody, VipUpgradeResult>;
  'GET /api/merchant/signup': Endpoint<void, MerchantSignup>;
  'POST /api/merchant/apply': Endpoint<MerchantApplyBody, MerchantApplyResult>;
  'POST /api/merchant/complaint': Endpoint<ComplaintBody, unknown>;
  'POST /api/merchant/assistList': Endpoint<PageQuery, Page<SupportRecord>>;
  'POST /api/merchant/assistHistory': Endpoint<PageQuery, Page<SupportHistoryEntry>>;
  'POST /api/merchant/assistStatus': Endpoint<{ shopId: number }, SupportStatus>;
  'POST /api/merchant/assist': Endpoint<AssistBody, SupportStatus>;
  'GET /api/bag': Endpoint<void, Bag>;
  'POST /api/bag/add': Endpoint<unknown, Bag>;
  'POST /api/bag/update': Endpoint<{ itemId: number; quantity: number }, Bag>;
  'POST /api/bag/remove': Endpoint<{ itemIds: number[] }, Bag>;
  'POST /api/bag/select': Endpoint<{ selected: boolean; itemIds?: number[]; shopId?: number; all?: boolean }, Bag>;
  'GET /api/catalogue/categories': Endpoint<void, CategoryCount[]>;
  'GET /api/catalogue/hot_products': Endpoint<void, Page<ProductCard>>;
  'GET /api/catalogue/products': Endpoint<void, ProductSearchPage>;
  'GET /api/catalogue/popular': Endpoint<void, Page<ProductCard>>;
  'GET /api/catalogue/product': Endpoint<void, ProductDetail>;
  'GET /api/catalogue/product_comments': Endpoint<void, Page<ProductComment> & { counts?: ReviewCounts }>;
  'POST /api/catalogue/save_product': Endpoint<{ productId: number }, { saved: boolean }>;
  'POST /api/catalogue/unsave_product': Endpoint<{ productId: number }, { saved: boolean }>;
  'GET /api/catalogue/saved_products': Endpoint<void, Page<ProductCard>>;
  'GET /api/catalogue/suggestions': Endpoint<void, string[]>;
  'GET /api/catalogue/hot_keywords': Endpoint<void, string[]>;
  'GET /api/catalogue/hot_shops': Endpoint<void, Page<ShopCard>>;
  'GET /api/catalogue/shop': Endpoint<void, ShopDetail>;
  'GET /api/catalogue/shop_products': Endpoint<void, Page<ProductCard>>;
  'POST /api/catalogue/follow': Endpoint<{ shopId: number }, FollowResult>;
  'POST /api/catalogue/unfollow': Endpoint<{ shopId: number }, FollowResult>;
  'GET /api/catalogue/followed_shops': Endpoint<void, Page<ShopCard>>;
  'POST /api/order/preview': Endpoint<CheckoutPreviewBody, CheckoutPreview>;
  'POST /api/order/create': Endpoint<CreateOrderBody, CreateOrderResult>;
  'POST /api/order/comment': Endpoint<CommentBody, unknown>;
  'GET /api/user/order_list': Endpoint<void, Page<OrderSummary>>;
  'GET /api/order/detail': Endpoint<void, OrderDetail>;
  'POST /api/order/cancel': Endpoint<{ id: number }, unknown>;
  'POST /api/order/confirm': Endpoint<{ id: number }, unknown>;
  'POST /api/order/pay': Endpoint<PayOrdersBody, PayResult>;
  'POST /api/order/refund': Endpoint<RefundBody, unknown>;
  'GET /api/user/getBlockchain': Endpoint<void, BlockchainInfo>;
  'POST /api/user/recharge': Endpoint<RechargeBody, RechargeResult>;
  'GET /api/user/extract': Endpoint<void, WithdrawInfo>;
  'POST /api/user/extract': Endpoint<WithdrawBody, WithdrawResult>;
  'GET /api/user/recharge_log': Endpoint<void, Page<RechargeRecord>>;
  'GET /api/user/extract_log': Endpoint<void, Page<WithdrawalRecord>>;
  'GET /api/user/bill': Endpoint<void, Page<LedgerEntry>>;
  'GET /api/user/balance_history': Endpoint<void, BalancePoint[]>;
  'GET /api/telemetry/config': Endpoint<void, { sampleRate: number }>;
}

/** `METHOD /api/path` of one endpoint of the web app. */
export type ApiRoute = keyof ApiEndpoints;
