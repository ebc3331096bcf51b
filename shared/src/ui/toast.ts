import { Toast } from 'antd-mobile';
import './antd-react19';
import { TOAST_DURATION_MS } from '@marketplace/shared/contracts/core';
import { translate } from '../i18n/translate';

/** Text already in the reader's language (e.g. a server `msg`), or an i18next key with values. */
export type ToastText = string | { key: string; values?: Record<string, unknown> };

const textOf = (text: ToastText): string => (typeof text === 'string' ? text : translate(text.key, text.values));

// Spec section 8: toasts last 1200 ms and block clicks while shown.
const show = (icon: 'success' | 'fail', text: ToastText): void => {
  Toast.show({ icon, content: textOf(text), duration: TOAST_DURATION_MS, maskClickable: false });
};

export const toastSuccess = (text: ToastText): void => show('success', text);
export const toastFail = (text: ToastText): void => show('fail', text);
