import { API_BASE, ResponseCode, type Envelope, type VerificationToken } from '@marketplace/shared/contracts/core';

/**
 * Plain fetch instead of the RTK Query slice: the interstitial runs before the app opens and
 * shows its own retry instead of the global failure toasts.
 */
const call = async <T>(path: string, lang: string, init: RequestInit = {}): Promise<T> => {
  const headers = new Headers(init.headers);
  headers.set('lang', lang);
  headers.set('language', lang);
  const response = await fetch(new URL(`${API_BASE}${path}`, window.location.href), {
    ...init,
    headers,
    cache: 'no-store',
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== ResponseCode.SUCCESS) throw new Error(body.msg);
  return body.data;
};

/** The ALTCHA challenge comes inside the envelope's `data`. */
export const fetchChallenge = (lang: string): Promise<unknown> => call<unknown>('/verification/challenge', lang);

/** The token, and until when the device cookie set with it passes every tab of this browser. */
type VerifiedAnswer = VerificationToken & { deviceVerifiedUntil?: string };

export const verifySolution = (payload: string, lang: string): Promise<VerifiedAnswer> =>
  call<VerifiedAnswer>('/verification/verify', lang, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });
