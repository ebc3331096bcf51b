import { expect, scrollPast, tab, test, type Page } from '../fixtures';

/**
 * A page left alone does no main-thread rendering work (docs/decisions/0001-idle-page-does-not-paint.md):
 * an indicator animated on the main thread (antd-mobile's DotLoading animates an SVG attribute with SMIL)
 * kept Home repainting 60 times a second for as long as it stayed open. Compositor-only animations
 * (transform, opacity) are allowed: they neither recalculate style nor paint on the main thread.
 */
const IDLE_MS = 5_000;
/**
 * A main-thread animation paints about 60 times a second (300 in 5 s); a few stray repaints are not one. The
 * product page painted 3 to 7 times on loaded machines (a late picture or a deferred answer arriving after
 * the network went quiet) and none on retry; so at most 5 are allowed, in the quieter of two windows one
 * after the other (an animation paints in both; work that was merely late is over by the second).
 */
const STRAY = 5;

interface TraceEvent {
  name: string;
  ph: string;
}

/** Paint, style recalculation and layout events of the page's renderer over `IDLE_MS` of doing nothing. */
const renderingWhileIdle = async (page: Page) => {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.waitForTimeout(IDLE_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  // Complete ('X') and begin ('B') events of the renderer's main thread: one of each per piece of work.
  const work = trace.traceEvents.filter((e) => e.ph === 'X' || e.ph === 'B');
  const count = (name: string) => work.filter((e) => e.name === name).length;
  return { paint: count('Paint'), style: count('UpdateLayoutTree'), layout: count('Layout') };
};

/** The quieter of two idle windows, one after the other (the second is traced only when the first was busy). */
const quieterWindow = async (page: Page) => {
  const first = await renderingWhileIdle(page);
  if (first.paint <= STRAY && first.style <= STRAY) return first;
  const second = await renderingWhileIdle(page);
  return second.paint + second.style < first.paint + first.style ? second : first;
};

/** Waits until the network is quiet and fonts and images are in, then half a second more. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(500);
};

test.describe('an idle page does not paint', () => {
  test('Home, left alone for 5 s after loading, neither paints nor recalculates style', async ({
    verifiedPage: page,
  }) => {
    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    // Down to the hot products' list footer, where the infinite list's "loading more" indicator stood.
    await scrollPast(page, 1_200);
    await settle(page);
    const idle = await quieterWindow(page);
    expect(idle.paint, `paints in ${IDLE_MS} ms idle`).toBeLessThanOrEqual(STRAY);
    expect(idle.style, `style recalculations in ${IDLE_MS} ms idle`).toBeLessThanOrEqual(STRAY);
  });

  test('a product page, left alone for 5 s after loading, neither paints nor recalculates style', async ({
    verifiedPage: page,
  }) => {
    await tab(page, 'Home').click();
    await page.locator('a[href^="/detail/"]').first().click();
    await expect(page).toHaveURL(/\/detail\/\d+/);
    await settle(page);
    const idle = await quieterWindow(page);
    expect(idle.paint, `paints in ${IDLE_MS} ms idle`).toBeLessThanOrEqual(STRAY);
    expect(idle.style, `style recalculations in ${IDLE_MS} ms idle`).toBeLessThanOrEqual(STRAY);
  });
});
