import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UserInfo } from '@marketplace/shared/contracts';
import { demoUser } from '@marketplace/shared/testing';
import { renderScreen } from './render-screen';

/** The shopper of the wallet's form tests: $50.00 in the wallet, a payment code set, no email or mobile. */
export const walletShopper: UserInfo = {
  ...demoUser,
  familyName: 'Demo',
  givenName: 'Shopper',
  email: '',
  mobile: '',
  balance: 5_000,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** A person at the keyboard (antd-mobile's masks and popups would fail user-event's pointer checks). */
export const setupPerson = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Opens a wallet form at `path` once `walletShopper`'s balance ($50.00) shows; the person who fills it in. */
export const openWalletForm = async (form: ReactElement, path: string) => {
  await renderScreen(form, { path });
  const person = setupPerson();
  await screen.findByText('$50.00');
  return person;
};
