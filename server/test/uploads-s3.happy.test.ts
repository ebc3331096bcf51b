jest.setTimeout(180_000);

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { uploads } from '../src/db/schema';
import { s3StorageConfig, type S3StorageConfig } from '../src/modules/uploads/s3-config';
import { call, createTestApp, type TestApp } from './harness';
import { localS3 } from './s3.helpers';
import { admin, ADMIN_TOKEN, createShopper, multipart, PNG, upload, type Shopper } from './orders.helpers';
import { requestTopUp } from './wallet.helpers';

/**
 * Uploads in an S3-compatible store: a real S3 HTTP server (s3rver, which checks the SDK's SigV4
 * signatures) on a loopback port, spoken to by the production code path (AWS SDK v3 over HTTP).
 */
const BUCKET = 'marketplace-uploads';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const GRACE_MS = 3_600_000;

let s3Server: ReturnType<typeof localS3>;

let s3: S3StorageConfig;
let bucket: S3Client;
/** Whether the S3 server has the object (asked over its API). */
const stored = (key: string) =>
  bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotFound') return false;
      throw error;
    },
  );
/**
 * Every object the S3 server keeps, from its folder: its bucket listing (ListObjects) refuses the current
 * SDK's signature of a bucket path, which no app code uses.
 */
const allObjects = () =>
  readdirSync(path.join(s3Server.dir, BUCKET)).filter((name) => name.endsWith('._S3rver_object'));

/** What the app logs at error level (store failures must be logged). */
const errorLines: { msg: string; operation?: string }[] = [];
const logger = {
  level: 'error',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) errorLines.push(JSON.parse(line));
      done();
    },
  }),
};

/** A picture larger than one network read, so a read really is streamed from the store in pieces. */
const PICTURE = Buffer.concat([PNG, Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7919) % 256))]);

let t1: TestApp;
let t2: TestApp;
let ana: Shopper;
let bob: Shopper;

beforeAll(async () => {
  s3Server = localS3(BUCKET, 'mp-s3-test-');
  await s3Server.start();
  s3 = { endpoint: s3Server.endpoint(), bucket: BUCKET, region: 'us-east-1', forcePathStyle: true, ...KEYS };
  bucket = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: KEYS });
  const options = {
    adminToken: ADMIN_TOKEN,
    uploadS3: s3,
    uploadQuota: { maxCount: 60, maxBytes: 100 * 1024 * 1024, graceMs: GRACE_MS },
  };
  t1 = await createTestApp(options, { logger });
  // PostgreSQL: a second API process on the same database. PGlite is one process's database: the second app
  // gets the upload's row copied into its own database (below) and must still find the bytes in the bucket.
  t2 = await createTestApp(process.env.TEST_DATABASE_URL ? { ...options, database: t1.config.database } : options, {
    logger,
  });
  ana = await createShopper(t1, 'ana');
  bob = await createShopper(t1, 'bob');
});

afterAll(async () => {
  await t2?.close();
  await t1?.close();
  bucket?.destroy();
  await s3Server?.remove();
});

const send = (t: TestApp, shopper: Shopper, bytes: Buffer) => {
  const body = multipart(bytes);
  return call<{ id: string; url: string }>(t.app, {
    method: 'POST',
    url: '/api/upload',
    headers: { ...shopper.headers, ...body.headers },
    payload: body.payload,
  });
};
const read = (t: TestApp, url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });
const cleanUp = (t: TestApp) =>
  call<{ removed: number }>(t.app, { method: 'POST', url: '/api/admin/uploads/cleanup', headers: admin });
const uploadRows = async (t: TestApp) =>
  ((await t.db.execute(sql`SELECT count(*)::int AS n FROM uploads`)) as unknown as { rows: { n: number }[] }).rows[0]!
    .n;

describe('uploads in an S3-compatible store', () => {
  it('stores the upload as an object and reads it back byte-identical, with its type and length', async () => {
    const file = await upload(t1.app, ana, PICTURE);
    const stored = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: file.id }));
    expect(stored).toMatchObject({ ContentType: 'image/png', ContentLength: PICTURE.length });
    // Nothing on the process's disk.
    expect(existsSync(path.join(t1.config.dataDir, 'uploads'))).toBe(false);

    const reply = await read(t1, file.url, ana.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['content-length']).toBe(String(PICTURE.length));
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.rawPayload.equals(PICTURE)).toBe(true);
    // The session cookie stands in for the token header (an <img> request), as on disk.
    expect((await read(t1, file.url, { cookie: `Admin-Token=${ana.token}` })).rawPayload.equals(PICTURE)).toBe(true);
  });

  it('lets the owner and an operator read a file, nobody else', async () => {
    const file = await upload(t1.app, ana);
    expect((await read(t1, file.url, admin)).rawPayload.equals(PNG)).toBe(true);
    for (const headers of [bob.headers, { cookie: `Admin-Token=${bob.token}` }, {}, { 'admin-token': 'guess' }]) {
      const reply = await read(t1, file.url, headers as Record<string, string>);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ code: 0, msg: 'This file does not exist', data: null });
    }
  });

  it('checks type and size before anything is stored', async () => {
    const before = allObjects();
    expect(await send(t1, ana, Buffer.from('<script>alert(1)</script>'))).toMatchObject({
      code: 0,
      msg: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
    });
    expect(await send(t1, ana, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toMatchObject({
      code: 0,
      msg: 'The file is too large (at most 5 MB)',
    });
    expect(allObjects()).toEqual(before);
  });

  it('serves through a second app instance what was uploaded through the first, and back', async () => {
    const file = await upload(t1.app, ana, PICTURE);
    let reader = ana;
    if (!process.env.TEST_DATABASE_URL) {
      // Own database: the same row (metadata only) for a shopper of the second app; the bytes stay in S3.
      reader = await createShopper(t2, 'ana-on-t2');
      const [row] = await t1.db
        .select()
        .from(uploads)
        .where(sql`id = ${file.id}`);
      await t2.db.insert(uploads).values({ ...row!, userId: reader.id });
    }
    const reply = await read(t2, file.url, reader.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.rawPayload.equals(PICTURE)).toBe(true);

    if (process.env.TEST_DATABASE_URL) {
      const back = await upload(t2.app, bob, PICTURE);
      expect((await read(t1, back.url, bob.headers)).rawPayload.equals(PICTURE)).toBe(true);
      expect((await read(t1, back.url, ana.headers)).statusCode).toBe(404);
      expect((await read(t1, back.url, admin)).statusCode).toBe(200);
    }
  });

  it('removes the objects of uploads nothing refers to after the grace period, keeps used ones', async () => {
    const shopper = await createShopper(t1, 'cleaner');
    const stray = await upload(t1.app, shopper);
    const used = await requestTopUp(t1.app, shopper, 5_000);
    expect(used.code).toBe(1);
    const evidence = (await t1.db.execute(
      sql`SELECT evidence_id FROM recharges WHERE id = ${used.data.record.id}`,
    )) as unknown as { rows: { evidence_id: string }[] };
    const evidenceId = evidence.rows[0]!.evidence_id;

    expect((await cleanUp(t1)).data.removed).toBe(0); // within the grace period: a form may still be open
    expect([await stored(stray.id), await stored(evidenceId)]).toEqual([true, true]);
    t1.advance(2 * GRACE_MS);
    expect((await cleanUp(t1)).data.removed).toBeGreaterThanOrEqual(1);
    expect(await stored(stray.id)).toBe(false);
    await expect(bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: stray.id }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
    expect((await read(t1, stray.url, shopper.headers)).statusCode).toBe(404);
    expect(await stored(evidenceId)).toBe(true);
    expect((await read(t1, `/api/upload/${evidenceId}`, shopper.headers)).rawPayload.equals(PNG)).toBe(true);
  });

  it('answers an S3 outage with the envelope (503), logs it, and catches up once the store is back', async () => {
    const shopper = await createShopper(t1, 'outage');
    const kept = await upload(t1.app, shopper);
    const stray = await upload(t1.app, shopper);
    await t1.db.execute(sql`UPDATE uploads SET created_at = created_at - interval '10 days' WHERE id = ${stray.id}`);
    const rows = await uploadRows(t1);
    errorLines.length = 0;
    await s3Server.stop();
    try {
      const busy = { code: 503, msg: 'The system is busy, please try again later', data: null };
      const posted = await send(t1, shopper, PNG);
      expect(posted).toEqual({ status: 503, ...busy });
      expect(await uploadRows(t1)).toBe(rows); // the refused upload leaves no row behind

      const got = await read(t1, kept.url, shopper.headers);
      expect(got.statusCode).toBe(503);
      expect(got.headers['content-type']).toMatch(/^application\/json/);
      expect(got.json()).toEqual(busy);

      expect(await cleanUp(t1)).toEqual({ status: 503, ...busy });
      expect(await uploadRows(t1)).toBe(rows); // the row stays until its object is gone

      expect(errorLines.filter((line) => line.msg === 'upload storage failed').map((line) => line.operation)).toEqual(
        expect.arrayContaining(['put', 'get', 'remove']),
      );
    } finally {
      await s3Server.start();
    }
    expect(await stored(stray.id)).toBe(true);
    expect((await cleanUp(t1)).data.removed).toBeGreaterThanOrEqual(1);
    expect(await stored(stray.id)).toBe(false);
    expect((await read(t1, kept.url, shopper.headers)).rawPayload.equals(PNG)).toBe(true);
    expect((await upload(t1.app, shopper)).id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps a smaller size (?w=, docs/decisions/0005-installable-offline.md data saver) as an object next to the original, and removes it with it', async () => {
    const shopper = await createShopper(t1, 'photographer');
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#48c',
        noise: { type: 'gaussian', mean: 100, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const file = await upload(t1.app, shopper, photo);
    const accept = { ...shopper.headers, accept: 'image/webp,*/*' };
    const small = await read(t1, `${file.url}?w=320`, accept);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    expect(small.rawPayload.length).toBeLessThan(photo.length / 5);
    const key = `${file.id}.w320.webp`;
    expect(await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).toMatchObject({
      ContentType: 'image/webp',
      ContentLength: small.rawPayload.length,
    });
    expect((await read(t1, `${file.url}?w=320`, accept)).rawPayload.equals(small.rawPayload)).toBe(true);
    expect((await read(t1, `${file.url}?w=320`, bob.headers)).statusCode).toBe(404);

    await t1.db.execute(sql`UPDATE uploads SET created_at = created_at - interval '10 days' WHERE id = ${file.id}`);
    expect((await cleanUp(t1)).data.removed).toBeGreaterThanOrEqual(1);
    expect([await stored(file.id), await stored(key)]).toEqual([false, false]);
  });
});

describe('S3 settings', () => {
  it('are off without S3_ENDPOINT and S3_BUCKET, and default the region and path style', () => {
    expect(s3StorageConfig({})).toBeUndefined();
    expect(s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' })).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      s3StorageConfig({
        S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
        S3_BUCKET: 'b',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'b',
      region: 'eu-west-1',
      forcePathStyle: false,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(
      s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '0' }),
    ).toMatchObject({ forcePathStyle: false });
  });

  it('stop the start when only half of them is set', () => {
    expect(() => s3StorageConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT and S3_BUCKET/);
    expect(() => s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT and S3_BUCKET/);
    expect(() => s3StorageConfig({ S3_ENDPOINT: 'minio', S3_BUCKET: 'b' })).toThrow(/not a URL/);
    expect(() => s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
