import { API_BASE, REQUEST_TIMEOUT_MS, type Envelope, type UploadResult } from '@marketplace/shared/contracts/core';

export interface UploadOptions {
  token: string | null;
  /** The language file name, sent as `lang`/`language` like every other call. */
  lang: string;
  /** 0 to 100 while the bytes go up. */
  onProgress: (percent: number) => void;
}

/** A failed upload: the server's translated `msg`, or the errors key of what went wrong on the way. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly key = 'errors:err.server',
  ) {
    super(message);
  }
}

/**
 * `POST /api/upload` (multipart field `file`). XMLHttpRequest rather than fetch: only it reports
 * upload progress, which the proof and picture uploaders show.
 */
export const uploadFile = (file: File, { token, lang, onProgress }: UploadOptions): Promise<UploadResult> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('lang', lang);
    xhr.setRequestHeader('language', lang);
    if (token) xhr.setRequestHeader('token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new UploadError('', 'errors:err.networkError'));
    xhr.ontimeout = () => reject(new UploadError('', 'errors:err.timeout'));
    xhr.onload = () => {
      let body: Envelope<UploadResult> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<UploadResult>;
      } catch {
        body = null;
      }
      if (body?.code === 1 && body.data) resolve(body.data);
      else reject(new UploadError(body?.msg ?? ''));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
