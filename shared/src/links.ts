/**
 * Links into another remote's screens: a remote (and the shell) names a path that another remote owns
 * only through these, never as a literal. Each builder's `pattern` is the path of the route it opens,
 * as the owning remote's route module (`<remote>/src/expose/routes.ts`) declares it; links.test.ts
 * fails when a pattern names a path no route module has. A query, when a screen reads one, is added
 * by the caller (`${links.complaint()}?shopId=…`).
 */
type Link<A extends unknown[]> = ((...args: A) => string) & { readonly pattern: string };

const link = <A extends unknown[]>(pattern: string, build: (...args: A) => string): Link<A> =>
  Object.assign(build, { pattern });

type Id = number | string;

export const links = {
  /** Home (catalogue): where the shell starts and the back button ends. */
  home: link('/index', () => '/index'),
  /** Home as its tab opens it (catalogue): where the installed app starts. */
  homeTab: link('/home', () => '/home'),
  /** A product's page (catalogue). */
  detail: link('/detail/:product?/:mer?', (productId: Id) => `/detail/${productId}`),
  /** A shop's page (catalogue). */
  shop: link('/shop/:id?', (shopId: Id) => `/shop/${shopId}`),
  /** The followed shops (catalogue). */
  favouriteShops: link('/myFavourite', () => '/myFavourite'),
  /** The saved products (catalogue). */
  savedProducts: link('/heart', () => '/heart'),
  /** The bag (catalogue). */
  bag: link('/bag', () => '/bag'),
  /** The checkout (orders); its query names what is bought. */
  checkout: link('/checkout', () => '/checkout'),
  /** The order list on one status tab (orders). */
  orders: link('/myPurchases/:status?', (status?: Id) =>
    status === undefined ? '/myPurchases' : `/myPurchases/${status}`,
  ),
  /** One order (orders). */
  order: link('/orderInfo/:id?', (orderId: Id) => `/orderInfo/${orderId}`),
  /** The wallet's screens. */
  topUp: link('/topUp', () => '/topUp'),
  withdraw: link('/withDraw', () => '/withDraw'),
  capitalRecords: link('/capitalRecord', () => '/capitalRecord'),
  topUpRecords: link('/topUpRecord', () => '/topUpRecord'),
  withdrawalRecords: link('/depositRecord', () => '/depositRecord'),
  payment: link('/payment', () => '/payment'),
  /** Sign in (account); its query may name where to return. */
  login: link('/login', () => '/login'),
  /** Set or reset the payment code (account). */
  paymentCode: link('/changePayPwd', () => '/changePayPwd'),
  /** A complaint about a shop (account); its query names the shop. */
  complaint: link('/complaint', () => '/complaint'),
  /** The VIP levels (account). */
  vip: link('/vip', () => '/vip'),
};
