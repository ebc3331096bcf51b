import { createAnswerCache } from './answer-cache';

describe('answer cache for answers shared by every shopper', () => {
  it('reads once within the time to live, again after it', async () => {
    let clock = 0;
    const cache = createAnswerCache({ ttlMs: 1_000, now: () => clock });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('q', load)).toBe(1);
    clock = 999;
    expect(await cache.get('q', load)).toBe(1);
    clock = 1_000;
    expect(await cache.get('q', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('shares one read between identical queries arriving together', async () => {
    const cache = createAnswerCache();
    let reads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 10));
    expect(await Promise.all([cache.get('q', load), cache.get('q', load), cache.get('q', load)])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const cache = createAnswerCache();
    await expect(cache.get('q', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('q', async () => 'fresh')).toBe('fresh');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createAnswerCache({ maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
