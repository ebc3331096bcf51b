import { expect, tab, test } from '../fixtures';

interface Snapshot {
  distinctReacts: number;
  owners: string[];
  queryKeys: string[];
}

/** The shape of `window.__MARKETPLACE__` that the shell and remotes fill (shared/src/diagnostics.ts). */
interface Diagnostics {
  reactCopies?: { owner: string; react: { useState: unknown } }[];
  store?: { getState(): { api: { queries: Record<string, unknown> } } };
}

test.describe('federated singletons', () => {
  test('catalogue, account and orders share one React and the one store with injected endpoints', async ({
    demoPage: page,
  }) => {
    const snapshot = (): Promise<Snapshot> =>
      page.evaluate(() => {
        const diagnostics = (window as unknown as { __MARKETPLACE__?: Diagnostics }).__MARKETPLACE__;
        const copies = diagnostics?.reactCopies ?? [];
        const store = diagnostics?.store;
        return {
          // A namespace import wraps the module in a new object per importer; its functions show the real copy.
          distinctReacts: new Set(copies.map((copy) => copy.react.useState)).size,
          owners: [...new Set(copies.map((copy) => copy.owner))].sort(),
          queryKeys: Object.keys(store?.getState().api.queries ?? {}),
        };
      });

    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible();
    await page.getByRole('link', { name: 'My orders', exact: true }).click();
    await expect(page).toHaveURL(/\/myPurchases/);

    await expect
      .poll(async () => (await snapshot()).owners, { message: 'the shell and each visited remote registered React' })
      .toEqual(expect.arrayContaining(['shell', 'mfe_catalogue', 'mfe_account', 'mfe_orders']));
    const state = await snapshot();
    expect(state.distinctReacts).toBe(1);
    expect(state.queryKeys.some((key) => /^(getUserInfo|listLanguages)\(/.test(key))).toBe(true);
  });
});
