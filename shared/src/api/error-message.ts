import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ToastText } from '../ui/toast';

const rawMessage = (error: FetchBaseQueryError): string => ('error' in error ? error.error : String(error.status));

/** Requirements §13.2: what a shopper is told when a call fails without a server message. */
export const transportErrorText = (error: FetchBaseQueryError): ToastText => {
  if (error.status === 'TIMEOUT_ERROR') return { key: 'errors:err.timeout' };
  if (error.status === 'FETCH_ERROR') return { key: 'errors:err.networkError' };
  if (typeof error.status === 'number') return { key: 'errors:err.statusError', values: { status: error.status } };
  if (error.status === 'PARSING_ERROR' && (error.originalStatus < 200 || error.originalStatus > 299)) {
    return { key: 'errors:err.statusError', values: { status: error.originalStatus } };
  }
  const message = rawMessage(error);
  return /timeout/i.test(message) ? { key: 'errors:err.timeout' } : message;
};
