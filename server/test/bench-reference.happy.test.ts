jest.setTimeout(60_000);

import { createTestApp } from './harness';

/** The Lighthouse bench's reference page (docs/decisions/0010-lighthouse-against-a-reference.md). */
describe('GET /bench-reference', () => {
  it('serves the page and its script only when the bench asks for it', async () => {
    const on = await createTestApp({ benchReferencePage: true });
    try {
      const page = await on.app.inject({ method: 'GET', url: '/bench-reference' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<script src="/bench-reference.js" defer></script>');
      const script = await on.app.inject({ method: 'GET', url: '/bench-reference.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('/api/catalogue/hot_products?page=1&pageSize=20');
      // The one JSON answer it draws from carries what it reads.
      const hot = (
        await on.app.inject({ method: 'GET', url: '/api/catalogue/hot_products?page=1&pageSize=20' })
      ).json();
      expect(hot.data.list).toHaveLength(20);
      expect(hot.data.list[0]).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          title: expect.any(String),
          image: expect.any(String),
          unitPrice: expect.any(Number),
        }),
      );
    } finally {
      await on.close();
    }
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/bench-reference.js' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
