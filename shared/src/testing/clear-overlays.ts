import { act, waitFor } from '@testing-library/react';
import { Dialog, Modal, Toast } from 'antd-mobile';

// What antd-mobile renders into <body> outside the screen under test.
const OVERLAYS = '.adm-dialog, .adm-modal, .adm-toast-mask';

/**
 * Closes every toast, dialog and modal a previous test left open and waits until they have left the
 * page (they animate out), so a test never clicks or reads another test's confirmation. An overlay whose
 * exit animation has ended but that is still in the page after 5 s (seen once on loaded cores: a closed
 * dialog at opacity 0 never unmounted) is taken out of the page with its container.
 */
export const clearOverlays = async (): Promise<void> => {
  act(() => {
    Toast.clear();
    Dialog.clear();
    Modal.clear();
  });
  try {
    await waitFor(() => expect(document.body.querySelector(OVERLAYS)).toBeNull(), { timeout: 5_000 });
  } catch (error) {
    const left = [...document.body.querySelectorAll<HTMLElement>(OVERLAYS)];
    const closed = (overlay: HTMLElement) =>
      [...overlay.querySelectorAll<HTMLElement>('[style*="opacity"]'), overlay].some(
        (element) => element.style.opacity === '0' || element.style.display === 'none',
      );
    if (!left.every(closed)) throw error;
    for (const overlay of left) {
      let container: HTMLElement = overlay;
      while (container.parentElement && container.parentElement !== document.body) container = container.parentElement;
      container.remove();
    }
  }
};
