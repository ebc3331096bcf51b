import type { UserInfo } from '@marketplace/shared/contracts';
import type { UserRow } from './user.repository';

/** The shopper as the API shows them (never a hash). */
export const toUserInfo = (user: UserRow): UserInfo => ({
  id: user.id,
  account: user.account,
  familyName: user.familyName,
  givenName: user.givenName,
  email: user.email,
  mobile: user.mobile,
  balance: user.balance,
  hasPaymentCode: user.paymentCodeHash !== null,
  emailVerified: Boolean(user.email && user.emailVerifiedAt),
  lang: user.lang,
  createdAt: user.createdAt.toISOString(),
  vipLevel: user.vipLevel,
});
