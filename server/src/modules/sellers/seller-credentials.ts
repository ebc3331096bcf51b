import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { sha256 } from '../../lib/secrets';
import type { SellerRow } from './sellers.repository';

/** An invitation link works this long, once (docs/decisions/0011-seller-accounts.md). */
const INVITE_TTL_MS = 72 * 3_600_000;
/** A signed-in session lasts this long from sign-in, whatever happens. */
export const SELLER_SESSION_TTL_MS = 12 * 3_600_000;

/**
 * Failed attempts per key (account or address) in a window before a lock: each attempt is counted BEFORE
 * its secret is checked; a right secret gives its count back. As the operators' lock.
 */
export const SELLER_LOCK = { attempts: 5, windowMs: 15 * 60_000, perAddress: 30 };

const TOTP_ISSUER = 'Marketplace seller centre';
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOTP_WINDOW = 1;

export const signInFailed = () => new AppError(ResponseCode.UNAUTHORIZED, 'err.seller.signInFailed');
export const sessionInvalid = () => new AppError(ResponseCode.UNAUTHORIZED, 'err.seller.sessionInvalid');
export const forbidden = () => new AppError(ResponseCode.FAIL, 'err.seller.forbidden', undefined, null, 403);
export const locked = () =>
  new AppError(ResponseCode.FAIL, 'err.seller.locked', { minutes: SELLER_LOCK.windowMs / 60_000 }, null, 429);
export const inviteInvalid = () => fail('err.seller.inviteInvalid');

const totpOf = (email: string, secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** The step of a right code (within the drift window), or false. */
export const totpStep = (row: SellerRow, code: string, at: number): number | false => {
  if (!row.totpSecret) return false;
  const delta = totpOf(row.email, row.totpSecret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  return delta === null ? false : Math.floor(at / 30_000) + delta;
};

/** What the seller enrols in an authenticator: a new secret, its otpauth URI and the URI as a QR code. */
export const newEnrolment = async (email: string) => {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUri = totpOf(email, secret).toString();
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUri, qrCode };
};

/** A new one-time invitation code: the code for the link, the hash to store and when it stops working. */
export const newInviteCode = (now: () => Date) => {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: sha256(code), expiresAt: new Date(now().getTime() + INVITE_TTL_MS) };
};

/** The invitation mail: the one-time link to the seller centre's set-up page. */
export const inviteMail = (to: string, shopName: string, link: string, expiresAt: Date) => ({
  to,
  subject: `Your seller centre invitation: ${shopName}`,
  text:
    `You are invited to manage the shop "${shopName}" on our seller centre.\n\n` +
    `Set your password and your authenticator app here (the link works once, until ${expiresAt.toISOString()}):\n` +
    `${link}\n\nIf you did not expect this invitation, ignore this mail.`,
});
