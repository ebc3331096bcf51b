import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import {
  API_BASE,
  REQUEST_TIMEOUT_MS,
  ResponseCode,
  VERIFICATION_HEADER,
  type Envelope,
} from '@marketplace/shared/contracts/core';
import { translate } from '../i18n/translate';
import { sessionCleared, type SessionState } from '../session/session-slice';
import { links } from '../links';
import { readVerificationToken } from '../session/verification-token';
import { toastFail, type ToastText } from '../ui/toast';
import {
  isOffline,
  navigateTo,
  notifyConnectionRequired,
  notifyVerificationRequired,
  reportNetwork,
} from './api-events';
import { transportErrorText } from './error-message';
import { keepsLastSeen, lastSeenAnswer, rememberAnswer } from './last-seen';
import { isRepeatSubmit, serializeBody } from './repeat-submit';
import { serializeParams } from './serialize-params';

/** Success meta keeps the envelope's `code` and `msg`, since screens toast the server's `msg`. */
export type ApiMeta = FetchBaseQueryMeta & {
  code?: number;
  msg?: string;
  /** The answer is the one last seen, given because the network is gone (last-seen.ts). */
  lastSeen?: boolean;
};

/**
 * A rejected call. `data` is the server's envelope when there was one (its `data` may carry detail,
 * e.g. why a payment failed); `message` is the text the failure toast showed.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR' | 'REPEAT_SUBMIT';
  data?: Envelope;
  message: string;
}

export type ApiArgs = string | FetchArgs;
export type ApiBaseQuery = BaseQueryFn<ApiArgs, unknown, ApiError, object, ApiMeta>;

const isOk = (status: number): boolean => status >= 200 && status <= 299;

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';

// fetch needs an absolute URL outside a browser page (jsdom tests); in the browser this is the same origin.
const resolveBaseUrl = (): string =>
  typeof window === 'undefined' ? API_BASE : new URL(API_BASE, window.location.href).href;

let transport: { baseUrl: string; query: ReturnType<typeof fetchBaseQuery> } | null = null;
const transportFor = (baseUrl: string) => {
  if (transport?.baseUrl !== baseUrl) {
    transport = {
      baseUrl,
      query: fetchBaseQuery({
        baseUrl,
        timeout: REQUEST_TIMEOUT_MS,
        paramsSerializer: serializeParams,
        // A proxy's HTML error page is not a parsing failure: it is an HTTP error without an envelope.
        responseHandler: 'content-type',
      }),
    };
  }
  return transport.query;
};

/** `isToken` and `repeatSubmit` are instructions to this layer, never sent to the server. */
const takeFlag = (headers: Headers, name: string): boolean => {
  const value = headers.get(name);
  headers.delete(name);
  return value !== 'false';
};

const textOf = (text: ToastText): string => (typeof text === 'string' ? text : translate(text.key, text.values));

const reject = (status: ApiError['status'], text: ToastText, data?: Envelope): { error: ApiError } => {
  const message = textOf(text);
  toastFail(message);
  return { error: data ? { status, data, message } : { status, message } };
};

const rejectEnvelope = (
  status: number,
  envelope: Envelope,
  session: SessionState | undefined,
  dispatch: (action: ReturnType<typeof sessionCleared>) => unknown,
) => {
  const outcome = reject(status, envelope.msg || { key: 'errors:err.server' }, envelope);
  if (envelope.code === ResponseCode.UNAUTHORIZED && session?.token) {
    dispatch(sessionCleared());
    navigateTo(links.login());
  } else if (envelope.code === ResponseCode.VERIFICATION_REQUIRED) {
    notifyVerificationRequired();
  }
  return outcome;
};

/** The one base query (requirements §12 and §13): headers, query strings, the repeat guard and error toasts. */
export const apiBaseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = new Headers(request.headers as HeadersInit | undefined);
  const sendToken = takeFlag(headers, 'isToken');
  const guardRepeats = takeFlag(headers, 'repeatSubmit');
  const session = (api.getState() as { session?: SessionState }).session;

  const langFile = session?.setting.lang.file_name;
  if (langFile) {
    headers.set('lang', langFile);
    headers.set('language', langFile);
  }
  if (sendToken && session?.token) headers.set('token', session.token);
  const verification = readVerificationToken();
  if (verification) headers.set(VERIFICATION_HEADER, verification.verificationToken);

  const query = request.params ? serializeParams(request.params) : '';
  const url = query ? `${request.url}${request.url.includes('?') ? '&' : '?'}${query}` : request.url;
  // Paying, topping up, withdrawing… need the server: offline they are refused before anything is sent.
  if (method !== 'GET' && isOffline()) {
    notifyConnectionRequired();
    return reject('FETCH_ERROR', { key: 'common:offline.needsConnection' });
  }
  if (guardRepeats && (method === 'POST' || method === 'PUT')) {
    if (isRepeatSubmit(url, serializeBody(request.body))) {
      return reject('REPEAT_SUBMIT', { key: 'errors:err.repeatSubmit' });
    }
  }

  const result = await transportFor(resolveBaseUrl())({ ...request, headers }, api, extraOptions);
  const meta = result.meta;
  const keepLastSeen = method === 'GET' && keepsLastSeen(url);

  if (result.error) {
    const error: FetchBaseQueryError = result.error;
    // A call the app itself abandoned (unsubscribe, navigation) is nobody's error to read.
    if (error.status === 'FETCH_ERROR' && api.signal.aborted) {
      return { error: { status: 'FETCH_ERROR', message: error.error }, meta };
    }
    if (error.status === 'FETCH_ERROR') {
      reportNetwork(false);
      // No network: what the shopper saw last, without a toast (the offline banner says why).
      const seen = keepLastSeen ? await lastSeenAnswer(url, langFile ?? '') : null;
      if (isEnvelope(seen) && seen.code === ResponseCode.SUCCESS) {
        return { data: seen.data, meta: { ...meta, code: seen.code, msg: seen.msg, lastSeen: true } as ApiMeta };
      }
      // The browser says it is offline: the shell's banner says so once, instead of a blocking toast per call.
      if (isOffline()) {
        return { error: { status: 'FETCH_ERROR', message: textOf(transportErrorText(error)) }, meta };
      }
    } else {
      reportNetwork(true);
    }
    if (typeof error.status === 'number' && isEnvelope(error.data)) {
      return { ...rejectEnvelope(error.status, error.data, session, api.dispatch), meta };
    }
    const status =
      error.status === 'PARSING_ERROR' && !isOk(error.originalStatus) ? error.originalStatus : error.status;
    return { ...reject(status, transportErrorText(error)), meta };
  }

  reportNetwork(true);
  const status = meta?.response?.status ?? 200;
  if (!isEnvelope(result.data)) return { ...reject(status, { key: 'errors:err.server' }), meta };
  if (result.data.code !== ResponseCode.SUCCESS) {
    return { ...rejectEnvelope(status, result.data, session, api.dispatch), meta };
  }
  if (keepLastSeen) void rememberAnswer(url, langFile ?? '', result.data);
  return { data: result.data.data, meta: { ...meta, code: result.data.code, msg: result.data.msg } as ApiMeta };
};
