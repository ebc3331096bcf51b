/** An operator call's refusal: the server's translated message, with its code, HTTP status and data. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Who decided an item first, from the server's "Already decided by" refusal (409). */
interface DecidedBy {
  operatorName: string;
  decidedAt: string;
}

export const decidedByOf = (error: unknown): DecidedBy | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as Partial<DecidedBy> | null;
  return data && typeof data.operatorName === 'string' && typeof data.decidedAt === 'string'
    ? { operatorName: data.operatorName, decidedAt: data.decidedAt }
    : null;
};

const TOKEN_KEY = 'console.token';

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** A picture only an operator may open (evidence, refund proof) as an object URL for an <img>. */
  picture(uploadId: string): Promise<string>;
  token(): string | null;
  setToken(token: string | null): void;
  /** What a signed-in call refused with 401 does (session expired, revoked, operator disabled). */
  setOnUnauthorized(handler: () => void): void;
}

interface ApiOptions {
  language: () => string;
  /** A signed-in call refused with 401 (session expired, revoked, operator disabled). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const queryString = (query: Record<string, string | number | undefined> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The console's calls to `/api/admin/*`: the operator session token in the `operator-token` header (kept
 * in sessionStorage: it ends with the tab), the console's language in `lang` so refusals come translated,
 * answers unwrapped from the `{ code, msg, data }` envelope and refusals thrown as ApiError.
 */
export const createApi = ({
  language,
  onUnauthorized,
  fetch: fetcher = (...args) => globalThis.fetch(...args),
  storage = globalThis.sessionStorage,
}: ApiOptions): ApiClient => {
  let token = storage?.getItem(TOKEN_KEY) ?? null;
  let unauthorized = onUnauthorized;
  const headers = (json: boolean): Record<string, string> => ({
    lang: language(),
    ...(token ? { 'operator-token': token } : {}),
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
    async picture(uploadId) {
      const response = await fetcher(`/api/upload/${encodeURIComponent(uploadId)}`, { headers: headers(false) });
      if (!response.ok) return answer<string>(response);
      return URL.createObjectURL(await response.blob());
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
