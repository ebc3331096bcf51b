import { expect, navigateInApp, tab, test } from '../fixtures';

interface Snapshot {
  distinctReacts: number;
  owners: string[];
  queryKeys: string[];
}

test.describe('federated singletons', () => {
  test('catalogue, account and orders share one React and the one store with injected endpoints', async ({
    demoPage: page,
  }) => {
    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible();
    // In-app navigation keeps this page's JavaScript, so every remote loaded so far is counted.
    await navigateInApp(page, '/order');

    await expect
      .poll(async () => (await snapshot()).owners.length, { message: 'shell and three remotes registered React' })
      .toBeGreaterThanOrEqual(4);
    const state = await snapshot();
    expect(state.distinctReacts).toBe(1);
    expect(state.owners).toEqual(expect.arrayContaining(['shell']));
    expect(state.queryKeys.some((key) => /^(getUserInfo|listLanguages)\(/.test(key))).toBe(true);

    function snapshot(): Promise<Snapshot> {
      return page.evaluate(() => {
        const diagnostics = (window as unknown as { __MARKETPLACE__?: Record<string, unknown> }).__MARKETPLACE__;
        const copies = (diagnostics?.reactCopies ?? []) as { owner: string; react: unknown }[];
        const store = diagnostics?.store as { getState(): { api: { queries: Record<string, unknown> } } } | undefined;
        return {
          distinctReacts: new Set(copies.map((copy) => copy.react)).size,
          owners: [...new Set(copies.map((copy) => copy.owner))],
          queryKeys: Object.keys(store?.getState().api.queries ?? {}),
        };
      });
    }
  });
});
