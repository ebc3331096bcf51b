/** A seller call's refusal: the server's translated message, with its code and HTTP status. */
class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
    /** The refusal's `data` (the CSV import's row errors), null when none. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'seller.token';

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** A multipart upload of one file (field `file`). */
  upload<T>(path: string, file: Blob): Promise<T>;
  token(): string | null;
  setToken(token: string | null): void;
  /** What a signed-in call refused with 401 does (session expired, revoked, account disabled). */
  setOnUnauthorized(handler: () => void): void;
}

interface ApiOptions {
  language: () => string;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const queryString = (query: Record<string, string | number | undefined> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The seller centre's calls to `/api/seller/*`: the session token in the `seller-token` header (kept in
 * sessionStorage: it ends with the tab), the language in `lang` so refusals come translated, answers
 * unwrapped from the `{ code, msg, data }` envelope and refusals thrown as ApiError.
 */
export const createApi = ({
  language,
  fetch: fetcher = (...args) => globalThis.fetch(...args),
  storage = globalThis.sessionStorage,
}: ApiOptions): ApiClient => {
  let token = storage?.getItem(TOKEN_KEY) ?? null;
  let unauthorized: (() => void) | undefined;
  const headers = (json: boolean): Record<string, string> => ({
    lang: language(),
    ...(token ? { 'seller-token': token } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const answer = async <T>(response: Response): Promise<T> => {
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
    if (envelope?.code === 1) return envelope.data as T;
    if (response.status === 401 && token) unauthorized?.();
    throw new ApiError(
      envelope?.msg || response.statusText || String(response.status),
      response.status,
      envelope?.code,
      envelope?.data ?? null,
    );
  };
  return {
    get: async (path, query) => answer(await fetcher(`${path}${queryString(query)}`, { headers: headers(false) })),
    post: async (path, body) =>
      answer(await fetcher(path, { method: 'POST', headers: headers(true), body: JSON.stringify(body) })),
    async upload(path, file) {
      const form = new FormData();
      form.append('file', file);
      return answer(await fetcher(path, { method: 'POST', headers: headers(false), body: form }));
    },
    token: () => token,
    setOnUnauthorized(handler) {
      unauthorized = handler;
    },
    setToken(next) {
      token = next;
      if (next) storage?.setItem(TOKEN_KEY, next);
      else storage?.removeItem(TOKEN_KEY);
    },
  };
};
