import { act, waitFor } from '@testing-library/react';
import { Dialog, Modal, Toast } from 'antd-mobile';

// What antd-mobile renders into <body> outside the screen under test.
const OVERLAYS = '.adm-dialog, .adm-modal, .adm-toast-mask';

/**
 * Closes every toast, dialog and modal a previous test left open and waits until they have left the
 * page (they animate out), so a test never clicks or reads another test's confirmation.
 */
export const clearOverlays = async (): Promise<void> => {
  act(() => {
    Toast.clear();
    Dialog.clear();
    Modal.clear();
  });
  await waitFor(() => expect(document.body.querySelector(OVERLAYS)).toBeNull(), { timeout: 5_000 });
};
