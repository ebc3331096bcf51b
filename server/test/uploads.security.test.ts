jest.setTimeout(180_000);

import { MAX_UPLOAD_BYTES } from '@marketplace/shared/contracts';
import { call, type TestApp } from './harness';
import { admin, appForFile, multipart, PNG, upload, type Shopper } from './kit';

let t: TestApp;
let ana: Shopper;
let bob: Shopper;
appForFile((opened) => ([t, ana, bob] = opened), 'ana', 'bob');

const send = (bytes: Buffer, shopper: Shopper = ana, filename = 'photo.png', field = 'file') => {
  const body = multipart(bytes, filename, field);
  return call<{ id: string; url: string }>(t.app, {
    method: 'POST',
    url: '/api/upload',
    headers: { ...shopper.headers, ...body.headers },
    payload: body.payload,
  });
};

describe('uploads', () => {
  it('stores an image under a generated name ("Upload successful")', async () => {
    const reply = await send(PNG, ana, '../../etc/passwd.png');
    expect(reply).toMatchObject({ code: 1, msg: 'Upload successful' });
    expect(reply.data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.data.url).toBe(`/api/upload/${reply.data.id}`);
  });

  it.each([
    ['a script named .png', Buffer.from('<script>alert(1)</script>')],
    ['a PDF', Buffer.from('%PDF-1.7\n...')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s by its content', async (_label, bytes) => {
    const reply = await send(bytes);
    expect(reply.code).toBe(0);
    expect(reply.msg).toMatch(/Only PNG, JPEG, WebP or GIF images can be uploaded|Please choose a file to upload/);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect(await send(big)).toMatchObject({ code: 0, msg: 'The file is too large (at most 5 MB)' });
  });

  it('refuses a wrong field name and a JSON body', async () => {
    expect((await send(PNG, ana, 'a.png', 'other')).msg).toBe('Please choose a file to upload');
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/upload',
      headers: ana.headers,
      payload: { file: 'x' },
    });
    expect(json.code).toBe(0);
  });

  it('needs a token to upload', async () => {
    const body = multipart(PNG);
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(reply).toMatchObject({ status: 401, msg: 'Please login first' });
  });

  it('lets only the owner (token or Admin-Token cookie) and operators read a file', async () => {
    const file = await upload(t.app, ana);
    const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: file.url, headers });
    const own = await read(ana.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await read({ cookie: `Admin-Token=${ana.token}` })).statusCode).toBe(200);
    expect((await read(admin)).statusCode).toBe(200);
    for (const headers of [
      bob.headers,
      { cookie: `Admin-Token=${bob.token}` },
      {},
      { 'admin-token': 'guess' },
    ] as Record<string, string>[]) {
      const reply = await read(headers);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 0, msg: 'This file does not exist' });
    }
  });
});
