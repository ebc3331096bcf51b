import { LAST_WRITE_STORAGE_KEY, REPEAT_SUBMIT_WINDOW_MS } from '@marketplace/shared/contracts/core';

/** The last write, kept in session storage so the guard also spans remotes (requirements §12.4). */
interface LastWrite {
  url: string;
  data: string;
  time: number;
}

// Very large bodies (uploads) are not worth the storage quota; such writes are not guarded.
const MAX_RECORDED_CHARS = 5 * 1024 * 1024;

const describeFormData = (form: FormData): string =>
  JSON.stringify(
    Array.from(form.entries(), ([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, `${value.name}:${value.size}:${value.lastModified}`],
    ),
  );

/** The body as the guard compares it. */
export const serializeBody = (body: unknown): string => {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return describeFormData(body);
  if (body instanceof URLSearchParams) return body.toString();
  return JSON.stringify(body);
};

const readLastWrite = (): LastWrite | null => {
  try {
    const raw = sessionStorage.getItem(LAST_WRITE_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as LastWrite) : null;
  } catch {
    return null;
  }
};

/**
 * Records this write and tells whether it repeats the previous one within the window. A rejected
 * repeat does not move the window, so hammering a button cannot keep it open forever.
 */
export const isRepeatSubmit = (url: string, data: string, now: number = Date.now()): boolean => {
  const last = readLastWrite();
  if (last && last.url === url && last.data === data && now - last.time < REPEAT_SUBMIT_WINDOW_MS) return true;
  if (data.length <= MAX_RECORDED_CHARS) {
    try {
      sessionStorage.setItem(LAST_WRITE_STORAGE_KEY, JSON.stringify({ url, data, time: now } satisfies LastWrite));
    } catch {
      // Storage full or disabled: the write goes ahead unguarded rather than failing.
    }
  }
  return false;
};
