import { act } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import Cookies from 'js-cookie';
import { clearOverlays } from './clear-overlays';

/** Logged out, in English, with no last write: no cookie and an empty session storage. */
const forgetSession = (): void => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
};

/** Every test starts logged out, in English, with no last write and no toasts. */
export const resetBrowserState = (): void => {
  forgetSession();
  act(() => Toast.clear());
};

/**
 * A screen test's fresh start: no toast or dialog left open by the last test (waiting until they have
 * left the page), logged out, an empty repeat-submit record and no fake left in place.
 */
export const resetBrowser = async (): Promise<void> => {
  await clearOverlays();
  forgetSession();
  jest.restoreAllMocks();
};
