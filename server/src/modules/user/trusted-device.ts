import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const DEVICE_COOKIE = 'mp_device';
const MAX_AGE_S = 180 * 86_400;

/**
 * "This device signed in to this account before": an HttpOnly cookie `<id>.<HMAC(id, account)>` set by a
 * successful sign-in and sent back only to the sign-in call. A device that carries it for the account it
 * names is braked on its own key, so a stranger's guesses (who cannot have it without the password) never
 * slow the owner's own phone down. Signed with a secret every process shares (derived from the ALTCHA key).
 * Operators' sign-in uses its own (`cookiePath` /api/admin/auth/sign_in, accounts named `operator:<name>`).
 */
export const createTrustedDevices = (secret: string, cookiePath = '/api/user/login') => {
  const sign = (id: string, account: string) =>
    createHmac('sha256', secret).update(`device:${id}:${account}`).digest('base64url');
  const valueOf = (cookieHeader: string | undefined): string | undefined => {
    for (const part of (cookieHeader ?? '').split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === DEVICE_COOKIE) return rest.join('=');
    }
    return undefined;
  };
  return {
    /** The device id when the request carries a cookie this account's sign-in set, else undefined. */
    read(cookieHeader: string | undefined, account: string): string | undefined {
      const [id, signature, extra] = (valueOf(cookieHeader) ?? '').split('.');
      if (!id || !signature || extra !== undefined || !/^[\w-]{16,64}$/.test(id)) return undefined;
      const expected = Buffer.from(sign(id, account));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
    /** The Set-Cookie value after a successful sign-in (the same device id when it had one). */
    cookie(account: string, id: string | undefined, secure: boolean): string {
      const device = id ?? randomBytes(16).toString('base64url');
      return [
        `${DEVICE_COOKIE}=${device}.${sign(device, account)}`,
        `Path=${cookiePath}`,
        `Max-Age=${MAX_AGE_S}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
};

export type TrustedDevices = ReturnType<typeof createTrustedDevices>;
