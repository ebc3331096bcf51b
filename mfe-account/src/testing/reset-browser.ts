import { TOKEN_COOKIE } from '@marketplace/shared/contracts';
import { clearOverlays } from '@marketplace/shared/testing';

/** Each test starts logged out, with no open toast or dialog and an empty repeat-submit record. */
export const resetBrowser = async () => {
  await clearOverlays();
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  sessionStorage.clear();
  jest.restoreAllMocks();
};

export const tokenCookie = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${TOKEN_COOKIE}=`))
    ?.slice(TOKEN_COOKIE.length + 1);
