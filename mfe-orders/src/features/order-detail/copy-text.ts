import { toastFail, toastSuccess } from '@marketplace/shared';

/** Copies `text`; requirements §13.3: "Copied", "Copy Fail", and the non-HTTPS message without a clipboard. */
export const copyText = async (text: string): Promise<void> => {
  if (!window.isSecureContext || !navigator.clipboard) {
    toastFail({ key: 'orders:copy.notHttps' });
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess({ key: 'orders:copy.copied' });
  } catch {
    toastFail({ key: 'orders:copy.failed' });
  }
};
