import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { sha256 } from '../../lib/secrets';
import type { OperatorRole } from '../../db/schema/operators';
import type { OperatorRow } from './operators.repository';

/** A set-up code (new account or reset) works this long, once. */
const SETUP_CODE_TTL_MS = 24 * 3_600_000;

/**
 * Failed attempts before a lock, in a window (the payment code's five), for the set-up code (per name), the
 * bootstrap code and recovery proofs (per address), and sign-ins per address beyond 30. Each attempt is
 * counted BEFORE its secret is checked, so parallel guesses get at most this many evaluated; a right
 * secret gives its count back. Sign-in itself is on the sign-in brake instead (operators.service.ts).
 */
export const OPERATOR_LOCK = { attempts: 5, windowMs: 15 * 60_000 };

const TOTP_ISSUER = 'Marketplace operators';

export const signInFailed = () => new AppError(ResponseCode.UNAUTHORIZED, 'err.operator.signInFailed');
export const locked = () =>
  new AppError(ResponseCode.FAIL, 'err.operator.locked', { minutes: OPERATOR_LOCK.windowMs / 60_000 }, null, 429);
export const setupInvalid = () => fail('err.operator.setupCodeInvalid');

export interface OperatorSession {
  token: string;
  expiresAt: string;
  operator: { id: number; name: string; roles: OperatorRole[] };
}

export const totpOf = (name: string, secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: name, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

export const summary = (row: OperatorRow) => ({ id: row.id, name: row.name, roles: row.roles });

/** A new one-time set-up code: the code to hand over, the hash to store and when it stops working. */
export const newSetupCode = (now: () => Date) => {
  const code = randomBytes(15).toString('base64url');
  return { code, hash: sha256(code), expiresAt: new Date(now().getTime() + SETUP_CODE_TTL_MS) };
};
