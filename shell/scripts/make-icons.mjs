// Draws the app's home-screen icons (a white shopping bag on the brand blue) as PNG files into
// shell/public/icons: 192 and 512 px "any", and 512 px "maskable" (the bag inside the 80 % safe zone).
// Run once when the design changes (`node shell/scripts/make-icons.mjs`); the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const BLUE = [0x09, 0x58, 0xd9];
const WHITE = [0xff, 0xff, 0xff];
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const png = (size, pixel) => {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) row.set(pixel(x / size, y / size), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A bag in the unit square scaled by `scale` around the centre: body, and a handle (ring) above it. */
const isBag = (x, y, scale) => {
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const body = u >= 0.22 && u <= 0.78 && v >= 0.38 && v <= 0.82;
  const dx = u - 0.5;
  const dy = v - 0.38;
  const ring = Math.hypot(dx, dy);
  const handle = v <= 0.38 && ring >= 0.12 && ring <= 0.17;
  return body || handle;
};

/** Rounded square for "any" icons; full bleed for maskable ones (the platform draws the shape). */
const icon = (size, { maskable }) =>
  png(size, (x, y) => {
    const r = 0.18;
    const cx = Math.min(Math.max(x, r), 1 - r);
    const cy = Math.min(Math.max(y, r), 1 - r);
    const inside = maskable || Math.hypot(x - cx, y - cy) <= r;
    if (!inside) return [0, 0, 0, 0];
    return [...(isBag(x, y, maskable ? 0.7 : 0.9) ? WHITE : BLUE), 0xff];
  });

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon-192.png'), icon(192, { maskable: false }));
writeFileSync(path.join(out, 'icon-512.png'), icon(512, { maskable: false }));
writeFileSync(path.join(out, 'icon-maskable-512.png'), icon(512, { maskable: true }));
writeFileSync(path.join(out, 'apple-touch-icon.png'), icon(180, { maskable: true }));
