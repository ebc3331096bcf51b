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

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** A picture only an operator may open (evidence, refund proof) as an object URL for an <img>. */
  picture(uploadId: string): Promise<string>;
  /** Whether the console holds a session now (a 401 then ends it; before sign-in a 401 is expected). */
  setSignedIn(signedIn: boolean): void;
  /** What a signed-in call refused with 401 does (session expired, revoked, operator disabled). */
  setOnUnauthorized(handler: () => void): void;
}

interface ApiOptions {
  language: () => string;
  /** A signed-in call refused with 401 (session expired, revoked, operator disabled). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
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
 * The console's calls to `/api/admin/*`: the operator session travels in the browser's HttpOnly console
 * cookie (set by the server on sign-in, shared by every tab, never readable here), the console's language in
 * `lang` so refusals come translated, answers unwrapped from the `{ code, msg, data }` envelope and refusals
 * thrown as ApiError.
 */
export const createApi = ({
  language,
  onUnauthorized,
  fetch: fetcher = (...args) => globalThis.fetch(...args),
}: ApiOptions): ApiClient => {
  let signedIn = false;
  let unauthorized = onUnauthorized;
  const headers = (json: boolean): Record<string, string> => ({
    lang: language(),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const credentials = 'same-origin' as const;
  const answer = async <T>(response: Response): Promise<T> => {
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
    if (envelope?.code === 1) return envelope.data as T;
    if (response.status === 401 && signedIn) unauthorized?.();
    throw new ApiError(
      envelope?.msg || response.statusText || String(response.status),
      response.status,
      envelope?.code,
      envelope?.data ?? null,
    );
  };
  return {
    get: async (path, query) =>
      answer(await fetcher(`${path}${queryString(query)}`, { headers: headers(false), credentials })),
    post: async (path, body) =>
      answer(await fetcher(path, { method: 'POST', headers: headers(true), body: JSON.stringify(body), credentials })),
    async picture(uploadId) {
      const response = await fetcher(`/api/upload/${encodeURIComponent(uploadId)}`, {
        headers: headers(false),
        credentials,
      });
      if (!response.ok) return answer<string>(response);
      return URL.createObjectURL(await response.blob());
    },
    setOnUnauthorized(handler) {
      unauthorized = handler;
    },
    setSignedIn(next) {
      signedIn = next;
    },
  };
};
