import type { Envelope } from '@marketplace/shared/contracts';

/** One upload the screen sent through XMLHttpRequest. */
export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  file: File | null;
}

/**
 * Replaces XMLHttpRequest (jsdom's cannot reach a server) with a fake that reports progress at
 * half way and answers `reply`. Also gives jsdom the object URLs the image previews use.
 */
export const fakeUpload = (reply: (n: number) => Envelope) => {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    timeout = 0;
    responseText = '';
    private record: SentUpload = { method: '', url: '', headers: {}, file: null };
    open(method: string, url: string) {
      this.record = { method, url, headers: {}, file: null };
    }
    setRequestHeader(name: string, value: string) {
      this.record.headers[name] = value;
    }
    send(body: FormData) {
      const file = body.get('file');
      this.record.file = file instanceof File ? file : null;
      sent.push(this.record);
      const envelope = reply(sent.length);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        setTimeout(() => {
          this.responseText = JSON.stringify(envelope);
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  jest.spyOn(globalThis, 'XMLHttpRequest').mockImplementation(() => new FakeXhr() as unknown as XMLHttpRequest);
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
  return sent;
};

export const pngFile = (name = 'proof.png'): File =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
