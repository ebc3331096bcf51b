import type { ContentSlug, ServiceChannelKind } from '@marketplace/shared/contracts';

/**
 * First-start content of the help, law and platform pages in English and Simplified Chinese.
 * Operators replace any of it with `POST /api/admin/content_page` (or `npm run ops -- page-set`);
 * a page already in the database is never overwritten by this seed.
 */
export const DEFAULT_CONTENT_PAGES: { slug: ContentSlug; lang: string; title: string; body: string }[] = [
  {
    slug: 'help',
    lang: 'en',
    title: 'Help and support',
    body: `Ordering
Find a product on Home, Explore or Search, choose its specification and quantity, then add it to your bag. In the bag, select the items you want to buy and tap Checkout. Choose a shipping address, enter a promo code if you have one, and create the order.

Paying
Orders are paid from your account balance. Open the order under My orders → To pay and tap Pay. You are asked for your payment code; the amount is taken from your balance once, even if you tap twice. An unpaid order can be cancelled at any time.

Payment code
The payment code is a number of at least 6 digits, separate from your login password. Set it under Me → Settings → Payment code. To change it you need the old one. After several wrong tries paying is locked for a while to protect your money.

Top-up
Tap Top up on the Me page. Bank transfer, on-chain deposit and manual top-ups need the address you paid from, the amount and a picture of the payment evidence; they are credited once our team has checked them (usually within one business day). When depositing on-chain, choose the same network as the platform you withdraw from: decentralised exchanges, BSC and HECO are not supported. Card top-ups are credited at once.

Withdrawal
Tap Withdraw, choose a bank card or an on-chain address, enter the amount and your payment code. The amount is held from your balance at once; a service charge is taken from it and the rest is paid out after review. If a withdrawal is refused, the full amount goes back to your balance. Withdrawal records show the audit result.

Refunds
Open the order and tap Refund. Choose refund only or return and refund, enter the amount (at most what you paid), the reason and an explanation, and upload a proof picture. Each order accepts one refund request. Approved refunds go back to your balance.

Delivery and receipt
After shipping, the order detail shows the carrier, the tracking number and the logistics. When the parcel arrives, tap Confirm receipt, then rate the product, the service and the postage.

Still need help?
Write to us under Me → Customer service; our team answers in the conversation and you get a notification when they do.`,
  },
  {
    slug: 'help',
    lang: 'zh-cn',
    title: '帮助与支持',
    body: `下单
在首页、发现或搜索中找到商品，选择规格和数量后加入购物车。在购物车中勾选要购买的商品并点击结算，选择收货地址，如有优惠码可以填写，然后提交订单。

支付
订单使用账户余额支付。在「我的订单 → 待付款」中打开订单并点击支付，输入支付密码后从余额中扣款；即使重复点击也只会扣款一次。未支付的订单可以随时取消。

支付密码
支付密码为至少 6 位数字，与登录密码分开设置。请在「我的 → 设置 → 支付密码」中设置；修改时需要输入旧支付密码。多次输错后支付功能会暂时锁定，以保护您的资金安全。

充值
在「我的」页面点击充值。银行转账、链上充值和人工充值需要填写付款地址、金额并上传支付凭证，经平台审核后到账（通常在一个工作日内）。链上充值时请选择与提现平台相同的网络，不支持去中心化交易所、BSC 和 HECO。银行卡充值即时到账。

提现
点击提现，选择银行卡或链上地址，输入金额和支付密码。提现金额会立即从余额中冻结，扣除手续费后在审核通过时打款；如被拒绝，全部金额退回余额。提现记录中可查看审核结果。

退款
打开订单并点击退款，选择仅退款或退货退款，填写退款金额（不超过实付金额）、原因和说明，并上传凭证图片。每个订单只能申请一次退款，退款通过后金额退回余额。

发货与收货
发货后，订单详情会显示快递公司、运单号和物流信息。收到包裹后请点击确认收货，然后为商品、服务和物流评分。

仍需帮助？
请在「我的 → 在线客服」中给我们留言，客服会在会话中回复，回复时您会收到通知。`,
  },
  {
    slug: 'law',
    lang: 'en',
    title: 'Terms of service and privacy policy',
    body: `Terms of service
By creating an account you agree to these terms. You must give true information, keep your password and payment code secret and tell us at once if you think someone else has used your account. You are responsible for everything done with your account.

Orders and payments
Prices are shown in US dollars. An order is a contract between you and the shop that sells the product; the marketplace holds the payment and pays the shop. Orders are paid from your account balance; every change of your balance is recorded in your fund records.

Top-ups and withdrawals
Top-ups by bank, on-chain deposit or manual proof are credited after review. Withdrawals carry a service charge shown before you confirm. We may refuse a top-up or withdrawal we cannot verify, or ask for more information to meet anti-money-laundering rules; a refused withdrawal is returned to your balance in full.

Refunds and complaints
You may request one refund per order as described on the Help page. You can file a complaint about a shop from the shop page or the personal centre; we review every complaint.

Prohibited use
Do not use the marketplace for fraud, to sell illegal or counterfeit goods, to harass others or to interfere with the service. We may suspend accounts that break these terms.

Privacy policy
We collect what you give us (account, name, email, mobile, shipping addresses), what you do in the app (orders, payments, top-ups, withdrawals, support and reviews) and technical data needed to keep the service secure (such as your IP address for rate limiting and fraud prevention).

How we use your data
We use it to run your account, deliver your orders, process payments and refunds, answer customer service, prevent fraud and meet legal duties. Shops receive only what they need to ship your order: the addressee, phone number and address.

Storage and security
Passwords and payment codes are stored only as salted hashes; card numbers are never stored (only the brand and last four digits). Sign-in tokens expire after three days.

Your rights
You can see and correct your profile and addresses in the app, and ask customer service for a copy of your data or to close your account. We keep payment records for as long as the law requires.

Changes
We may update these terms and this policy; the version on this page is the one that applies.`,
  },
  {
    slug: 'law',
    lang: 'zh-cn',
    title: '服务条款与隐私政策',
    body: `服务条款
创建账户即表示您同意本条款。您须提供真实信息，妥善保管登录密码和支付密码；如发现他人使用您的账户，请立即告知我们。您需对使用本账户进行的一切操作负责。

订单与支付
价格以美元显示。订单是您与售出商品的店铺之间的合同，平台代为收款并向店铺结算。订单使用账户余额支付，余额的每一次变动都记录在资金记录中。

充值与提现
银行、链上及人工凭证充值经审核后到账。提现会收取手续费，确认前会显示金额。对于无法核实的充值或提现，平台可以拒绝或要求补充资料以符合反洗钱规定；被拒绝的提现将全额退回余额。

退款与投诉
每个订单可按帮助页面的说明申请一次退款。您可以在店铺页面或个人中心投诉店铺，平台会审核每一条投诉。

禁止行为
不得利用本平台进行欺诈、销售违法或假冒商品、骚扰他人或干扰服务。违反本条款的账户可能被暂停使用。

隐私政策
我们收集您提供的信息（账号、姓名、邮箱、手机号、收货地址）、您在应用中的操作（订单、支付、充值、提现、助力和评价），以及保障服务安全所需的技术数据（例如用于限流和防欺诈的 IP 地址）。

数据的使用
我们使用这些数据来管理您的账户、配送订单、处理支付和退款、提供客服、防范欺诈并履行法律义务。店铺只会获得配送所需的信息：收件人、电话和地址。

存储与安全
登录密码和支付密码仅以加盐哈希形式保存；银行卡号从不保存（仅保存卡组织和末四位）。登录令牌三天后失效。

您的权利
您可以在应用中查看和修改个人资料与地址，也可以联系客服获取您的数据副本或注销账户。支付记录将按法律要求的期限保存。

条款变更
我们可能更新本条款和本政策，以本页面显示的版本为准。`,
  },
  {
    slug: 'platform',
    lang: 'en',
    title: 'Partner with us',
    body: `Sell to shoppers around the world
The marketplace connects brands and merchants with shoppers in many countries and languages. Shoppers pay from a prepaid balance, so you receive orders that are already paid.

Who can join
Brands, factories, distributors and independent shops with their own products. You need a registered business, products that may legally be sold in your shoppers' countries, and the ability to ship within the promised time.

How it works
Tap Merchant sign-up in the personal centre. Your application is recorded and you continue on our seller platform, where you set up the shop, list products and manage orders and payouts.

Grow with mutual aid
Shoppers can support a shop once a day. Accumulated support days raise your shop in the hot-shops list and in search, bringing more visitors to your products.

VIP merchants
VIP levels give lower fees, priority review and more visibility. Upgrade from the personal centre; the price is paid from your balance.

Contact
Questions about partnership? Write to partners@marketplace.test or leave a message in Customer service.`,
  },
  {
    slug: 'platform',
    lang: 'zh-cn',
    title: '平台合作',
    body: `把商品卖给全球买家
本平台连接品牌、商家与来自多个国家、使用多种语言的买家。买家使用预付余额付款，您收到的都是已付款订单。

谁可以入驻
拥有自有商品的品牌、工厂、经销商和独立店铺。您需要具备合法注册的企业、可在买家所在国家合法销售的商品，以及在承诺时间内发货的能力。

入驻流程
在个人中心点击「商家入驻」。平台会记录您的申请，随后您将进入商家平台，完成开店、上架商品并管理订单和结算。

通过助力成长
买家每天可以为店铺助力一次。累计助力天数会提升店铺在热门店铺和搜索中的排名，为您的商品带来更多访客。

VIP 商家
VIP 等级可享受更低费率、优先审核和更多曝光。在个人中心即可升级，费用从余额中支付。

联系我们
关于合作的任何问题，请发送邮件至 partners@marketplace.test，或在在线客服中留言。`,
  },
];

export const DEFAULT_SERVICE_CHANNELS: {
  kind: ServiceChannelKind;
  name: string;
  url: string;
  enabled: boolean;
  sort: number;
}[] = [
  { kind: 'email', name: 'E-mail', url: 'mailto:support@marketplace.test', enabled: true, sort: 1 },
  { kind: 'whatsapp', name: 'WhatsApp', url: '', enabled: false, sort: 2 },
  { kind: 'telegram', name: 'Telegram', url: '', enabled: false, sort: 3 },
];
