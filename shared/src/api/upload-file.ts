import {
  API_BASE,
  REQUEST_TIMEOUT_MS,
  ResponseCode,
  VERIFICATION_HEADER,
  type Envelope,
  type UploadResult,
} from '@marketplace/shared/contracts/core';
import { links } from '../links';
import { readVerificationToken } from '../session/verification-token';
import { isOffline, navigateTo, notifyConnectionRequired, notifyUnauthorized } from './api-events';
import { isRepeatSubmit } from './repeat-submit';

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

const UPLOAD_URL = `${API_BASE}/upload`;

/**
 * `POST /api/upload` (multipart field `file`). XMLHttpRequest rather than fetch: only it reports
 * upload progress, which the proof and picture uploaders show. Otherwise it follows the base query's
 * rules (requirements §12 and §13): the same headers, the duplicate-submit window, refused offline, and a
 * 401 of a signed-in shopper ends the session and goes to /login.
 */
export const uploadFile = (file: File, { token, lang, onProgress }: UploadOptions): Promise<UploadResult> =>
  new Promise((resolve, reject) => {
    if (isOffline()) {
      notifyConnectionRequired();
      reject(new UploadError('', 'common:offline.needsConnection'));
      return;
    }
    if (isRepeatSubmit(UPLOAD_URL, `${file.name}:${file.size}:${file.lastModified}`)) {
      reject(new UploadError('', 'errors:err.repeatSubmit'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('lang', lang);
    xhr.setRequestHeader('language', lang);
    if (token) xhr.setRequestHeader('token', token);
    const verification = readVerificationToken();
    if (verification) xhr.setRequestHeader(VERIFICATION_HEADER, verification.verificationToken);
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
      if (body?.code === 1 && body.data) {
        resolve(body.data);
        return;
      }
      if ((xhr.status === 401 || body?.code === ResponseCode.UNAUTHORIZED) && token) {
        notifyUnauthorized();
        navigateTo(links.login());
      }
      reject(new UploadError(body?.msg ?? ''));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
