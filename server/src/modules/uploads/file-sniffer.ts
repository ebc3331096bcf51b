import type { UploadMimeType } from '@marketplace/shared/contracts';

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, index) => buffer[offset + index] === byte);

/**
 * The image type by its magic bytes, or null. The client's file name and Content-Type are ignored.
 * Four signatures are all we accept, so a few lines replace a dependency (file-type is ESM-only and
 * cannot be loaded by the CommonJS server under jest).
 */
export const sniffImageType = (buffer: Buffer): UploadMimeType | null => {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(buffer, [0x47, 0x49, 0x46, 0x38]) &&
    (buffer[4] === 0x37 || buffer[4] === 0x39) &&
    buffer[5] === 0x61
  ) {
    return 'image/gif';
  }
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
};
