import { act } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import Cookies from 'js-cookie';

/** Every test starts logged out, in English, with no last write and no toasts. */
export const resetBrowserState = (): void => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  act(() => Toast.clear());
};
