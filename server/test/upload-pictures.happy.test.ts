jest.setTimeout(180_000);

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { call, type TestApp } from './harness';
import { admin, appWith, PNG, upload, type Shopper } from './kit';

/**
 * Smaller pictures for the data saver (docs/decisions/0005-installable-offline.md): `GET /api/upload/:id?w=` answers a JPEG, PNG
 * or WebP upload resized (with sharp) to a fixed step of widths, kept next to the original, to the same
 * viewers as the original, and refuses a malformed width with a 400 envelope.
 */
let t: TestApp;
let ana: Shopper;
let bob: Shopper;
/** A 1600×1200 photo-like JPEG (noise does not compress away), as a phone camera would send. */
let photo: Buffer;
let photoUrl: string;
let photoId: string;

const WEBP = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

beforeAll(async () => {
  ({
    t,
    shoppers: [ana, bob],
  } = await appWith('ana', 'bob'));
  photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#3a7',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  ({ url: photoUrl, id: photoId } = await upload(t.app, ana, photo));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

describe('uploaded pictures in a smaller size (?w=)', () => {
  it('resizes a JPEG to the asked width as WebP: fewer pixels and far fewer bytes, kept next to the original', async () => {
    expect(photo.length).toBeGreaterThan(300_000);
    const reply = await get(`${photoUrl}?w=320`, { ...ana.headers, accept: WEBP });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/webp');
    const meta = await sharp(reply.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    expect(reply.rawPayload.length).toBeLessThan(photo.length / 10);
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    expect(reply.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(reply.headers.etag).toBe(`"${photoId}.w320.webp"`);
    expect(reply.headers.vary).toMatch(/Accept/);
    expect(readdirSync(uploadsDir())).toEqual(expect.arrayContaining([photoId, `${photoId}.w320.webp`]));

    // Served again from the kept variant: the same bytes.
    const again = await get(`${photoUrl}?w=320`, { ...ana.headers, accept: WEBP });
    expect(again.rawPayload.equals(reply.rawPayload)).toBe(true);
    // The original is unchanged without `w`.
    const original = await get(photoUrl, ana.headers);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(photo)).toBe(true);
  });

  it('answers JPEG to a browser without WebP, and a wider step is bigger than a narrower one', async () => {
    const jpeg = await get(`${photoUrl}?w=640`, { ...ana.headers, accept: 'image/jpeg,image/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(640);
    const small = await get(`${photoUrl}?w=160`, { ...ana.headers, accept: WEBP });
    const large = await get(`${photoUrl}?w=640`, { ...ana.headers, accept: WEBP });
    expect(small.rawPayload.length).toBeLessThan(large.rawPayload.length);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(640);
  });

  it.each([
    ['300', 320],
    ['161', 320],
    ['1', 160],
    ['1080', 1080],
    ['9999', 1080],
  ])('snaps w=%s to the step %d', async (w, step) => {
    const reply = await get(`${photoUrl}?w=${w}`, { ...ana.headers, accept: WEBP });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.etag).toBe(`"${photoId}.w${step}.webp"`);
    expect((await sharp(reply.rawPayload).metadata()).width).toBe(step);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(`${photoUrl}?w=160`, { ...ana.headers, accept: WEBP });
    const etag = String(first.headers.etag);
    const again = await get(`${photoUrl}?w=160`, { ...ana.headers, accept: WEBP, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('never upscales: a picture no wider than the step is the original', async () => {
    const tiny = await upload(t.app, ana, PNG);
    const reply = await get(`${tiny.url}?w=160`, { ...ana.headers, accept: WEBP });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.rawPayload.equals(PNG)).toBe(true);
    expect(reply.headers.etag).toBe(`"${tiny.id}"`);
  });

  it('serves a GIF and bytes that do not decode as they are, never a 5xx', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const broken = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(4_000, 7)]);
    for (const bytes of [gif, broken]) {
      const file = await upload(t.app, ana, bytes);
      const reply = await get(`${file.url}?w=320`, { ...ana.headers, accept: WEBP });
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('keeps the original authorization: owner (token or cookie) and operators only, 404 to others', async () => {
    const url = `${photoUrl}?w=320`;
    expect((await get(url, ana.headers)).statusCode).toBe(200);
    expect((await get(url, { cookie: `Admin-Token=${ana.token}` })).statusCode).toBe(200);
    expect((await get(url, admin)).statusCode).toBe(200);
    for (const headers of [bob.headers, { cookie: `Admin-Token=${bob.token}` }, {}, { 'admin-token': 'guess' }]) {
      const reply = await get(url, headers as Record<string, string>);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ code: 0, msg: 'This file does not exist', data: null });
    }
  });

  it.each([
    ['text', 'w=abc'],
    ['negative', 'w=-320'],
    ['zero', 'w=0'],
    ['a fraction', 'w=320.5'],
    ['an exponent', 'w=1e3'],
    ['huge', 'w=100000'],
    ['huge text', `w=${'9'.repeat(20_000)}`],
    ['empty', 'w='],
    ['an array', 'w=160&w=320'],
    ['a padded number', 'w=%20320'],
    ['leading zero', 'w=0320'],
  ])('refuses %s as the width with a 400 envelope', async (_label, query) => {
    const reply = await call(t.app, { method: 'GET', url: `${photoUrl}?${query}`, headers: ana.headers });
    expect(reply).toEqual({ status: 400, code: 0, msg: 'w is invalid', data: null });
  });

  it('removes the variants with the upload when nothing refers to it', async () => {
    const file = await upload(t.app, bob, photo);
    await get(`${file.url}?w=160`, { ...bob.headers, accept: WEBP });
    await get(`${file.url}?w=160`, { ...bob.headers, accept: 'image/jpeg' });
    expect(existsSync(path.join(uploadsDir(), `${file.id}.w160.webp`))).toBe(true);
    expect(existsSync(path.join(uploadsDir(), `${file.id}.w160.jpeg`))).toBe(true);
    t.advance(25 * 3_600_000);
    const cleanup = await call<{ removed: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/uploads/cleanup',
      headers: admin,
    });
    expect(cleanup.data.removed).toBeGreaterThan(0);
    expect(readdirSync(uploadsDir()).filter((name) => name.startsWith(file.id))).toEqual([]);
  });
});
