import { createHmac, timingSafeEqual } from 'node:crypto';

const DEVICE_COOKIE = 'mp_human';
/** How long one passed check covers a device (every tab of one browser): a day. */
const VERIFIED_DEVICE_TTL_MS = 24 * 3_600_000;

/**
 * "This browser passed the human check": an HttpOnly cookie `<until>.<HMAC(until)>` (until in epoch
 * seconds) set when a solved challenge is redeemed, and sent back with every API call of every tab of
 * that browser until it expires, so a new tab never waits on the check again. Signed with a secret every
 * process shares (derived from the ALTCHA key); its own expiry is inside what is signed.
 */
export const createVerifiedDevices = (secret: string, now: () => Date) => {
  const sign = (until: string) => createHmac('sha256', secret).update(`human:${until}`).digest('base64url');
  const valueOf = (cookieHeader: string | undefined): string | undefined => {
    for (const part of (cookieHeader ?? '').split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === DEVICE_COOKIE) return rest.join('=');
    }
    return undefined;
  };
  return {
    /** True when the request carries an unexpired cookie this server signed. */
    isVerified(cookieHeader: string | undefined): boolean {
      const [until, signature, extra] = (valueOf(cookieHeader) ?? '').split('.');
      if (!until || !signature || extra !== undefined || !/^\d{1,12}$/.test(until)) return false;
      if (Number(until) * 1000 <= now().getTime()) return false;
      const expected = Buffer.from(sign(until));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** The Set-Cookie value after a passed check, and until when it holds. */
    cookie(secure: boolean): { setCookie: string; until: Date } {
      const until = Math.floor((now().getTime() + VERIFIED_DEVICE_TTL_MS) / 1000);
      return {
        setCookie: [
          `${DEVICE_COOKIE}=${until}.${sign(String(until))}`,
          'Path=/api',
          `Max-Age=${Math.floor(VERIFIED_DEVICE_TTL_MS / 1000)}`,
          'HttpOnly',
          'SameSite=Strict',
          ...(secure ? ['Secure'] : []),
        ].join('; '),
        until: new Date(until * 1000),
      };
    },
  };
};
