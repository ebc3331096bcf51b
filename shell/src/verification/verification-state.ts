import { onVerificationRequired } from '@marketplace/shared';
import { useSyncExternalStore } from 'react';
import { clearVerificationToken, readVerificationToken } from '@marketplace/shared';
import { clearDeviceVerified, isDeviceVerified } from './device-verified';

/**
 * Whether the interstitial shows. Kept outside React so the base query's 428 signal, which
 * arrives outside any component, can raise it.
 */
// This tab's token, or the browser's pass of the check in another tab (the server's device cookie), opens it.
let required = readVerificationToken() === null && !isDeviceVerified();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const markVerified = (): void => {
  required = false;
  emit();
};

const requireVerification = (): void => {
  clearVerificationToken();
  clearDeviceVerified();
  required = true;
  emit();
};

/** A 428 answer means the stored token is missing or expired: ask again. */
export const listenForVerificationRequests = (): (() => void) => onVerificationRequired(requireVerification);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useVerificationRequired = (): boolean => useSyncExternalStore(subscribe, () => required);
