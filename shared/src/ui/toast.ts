import './antd-react19';
import { TOAST_DURATION_MS } from '@marketplace/shared/contracts/core';
import { translate } from '../i18n/translate';

/** Text already in the reader's language (e.g. a server `msg`), or an i18next key with values. */
export type ToastText = string | { key: string; values?: Record<string, unknown> };

const textOf = (text: ToastText): string => (typeof text === 'string' ? text : translate(text.key, text.values));

type ToastApi = typeof import('./toast.lazy').Toast;
let toastApi: ToastApi | undefined;
/** antd-mobile's Toast is downloaded on the first toast (no screen shows one on arrival). */
const loadToast = (): Promise<ToastApi> =>
  import(/* webpackChunkName: "toast" */ './toast.lazy').then((module) => (toastApi = module.Toast));

// requirements §13.1: toasts last 1200 ms and block clicks while shown.
const show = (icon: 'success' | 'fail', text: ToastText): void => {
  const content = textOf(text);
  const open = (Toast: ToastApi) => {
    Toast.show({ icon, content, duration: TOAST_DURATION_MS, maskClickable: false });
  };
  if (toastApi) open(toastApi);
  else loadToast().then(open, (error: unknown) => console.error('The toast could not be loaded', error));
};

export const toastSuccess = (text: ToastText): void => show('success', text);
export const toastFail = (text: ToastText): void => show('fail', text);
