import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { ProductDetail } from '@marketplace/shared/contracts';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { acceptedEncoding } from './catalogue.routes';
import { createAnswerCache } from './answer-cache';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService } from './catalogue.service';
import { createViewCounter } from './view-counter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the encoding a shared catalogue answer goes out in', () => {
  it('is the accepted one with the highest q, br before gzip, none when neither is accepted', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate, identity')).toBeUndefined();
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('shared catalogue answers compressed once', () => {
  const url = '/api/catalogue/products?category=toys&sort=sales&page=1&pageSize=20';

  it('sends the same answer brotli- or gzip-compressed as asked, with one ETag for all', async () => {
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const reply of [br, gzip]) {
      expect(reply.headers.etag).toBe(plain.headers.etag);
      expect(reply.headers.vary).toContain('Accept-Encoding');
      expect(reply.headers['cache-control']).toBe('public, max-age=30');
    }
    // A repeat visit with the tag is still a 304 without a body, whatever it accepts.
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compresses an answer once however many shoppers ask for it', async () => {
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      const bodies = [];
      for (let visit = 0; visit < 3; visit++) {
        const reply = await t.app.inject({
          method: 'GET',
          url: '/api/catalogue/products?category=computer&sort=newest&page=1&pageSize=20',
          headers: { 'accept-encoding': 'br' },
        });
        expect(reply.headers['content-encoding']).toBe('br');
        bodies.push(reply.rawPayload.toString('base64'));
      }
      expect(compress).toHaveBeenCalledTimes(1);
      expect(new Set(bodies).size).toBe(1);
    } finally {
      compress.mockRestore();
    }
  });

  it('sends an answer below the compression threshold as it is', async () => {
    const url = '/api/catalogue/categories';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.body.length).toBeLessThan(1024);
    const reply = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body).toBe(plain.body);
  });
});

describe("a product page's shared part kept for a moment", () => {
  const setup = async () => {
    let clock = 0;
    const views = createViewCounter(t.db, { flushMs: 3_600_000 });
    const service = createCatalogueService({
      catalogue: createCatalogueRepository(t.db),
      views,
      detailCache: createAnswerCache({ ttlMs: 2_000, now: () => clock }),
    });
    const [product] = await t.db
      .select()
      .from(products)
      .where(sql`stock > 10`)
      .orderBy(products.id)
      .limit(1);
    return { views, service, product: product!, tick: (ms: number) => (clock += ms) };
  };
  const setStock = (id: number, stock: number) => t.db.update(products).set({ stock }).where(eq(products.id, id));

  it('reads the product again once the time to live has passed', async () => {
    const { views, service, product, tick } = await setup();
    const first: ProductDetail = await service.productDetail(product.id, null);
    expect(first.stock).toBe(product.stock);
    await setStock(product.id, product.stock - 3);
    tick(1_999);
    expect((await service.productDetail(product.id, null)).stock).toBe(product.stock);
    tick(1);
    expect((await service.productDetail(product.id, null)).stock).toBe(product.stock - 3);
    await setStock(product.id, product.stock);
    await views.close();
  });

  it('still shows every visit at once, before and after the counts are written', async () => {
    const { views, service, product, tick } = await setup();
    const seen: number[] = [];
    for (let visit = 0; visit < 3; visit++) seen.push((await service.productDetail(product.id, null)).seen);
    await views.flush();
    seen.push((await service.productDetail(product.id, null)).seen);
    tick(5_000);
    seen.push((await service.productDetail(product.id, null)).seen);
    const start = product.seen;
    expect(seen).toEqual([start + 1, start + 2, start + 3, start + 4, start + 5]);
    await views.close();
  });

  it('does not keep an unknown product', async () => {
    const { service } = await setup();
    await expect(service.productDetail(999_999, null)).rejects.toMatchObject({
      msgKey: 'err.catalogue.productNotFound',
    });
  });
});
