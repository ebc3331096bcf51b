import {
  DEMO,
  expect,
  operatorPost,
  tab,
  test,
  type Page,
  unpaidOrder,
  type ShopperApi,
  fundedDemoShopper,
  expectSoon,
} from '../fixtures';

/*
 * The shopper app review (docs/decisions/0009-shopper-app-review.md): paying an order and an operator shipping it each add a notification the shopper
 * sees; the unread badge on Me and the order shortcuts' counts follow without a reload. The operator's
 * part goes through the admin API with the credential global-setup gives the server.
 */

const countOf = async (api: ShopperApi, status: string) =>
  (await api.get<{ total: number }>(`/api/user/order_list?status=${status}&page=1&pageSize=1`)).total;

const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true }).click();

const unreadBadge = (page: Page) => page.getByRole('status', { name: /^\d+ unread$/ });
const shortcut = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Orders by status' }).getByRole('link', { name, exact: true });

test.describe('notifications that arrive (docs/decisions/0009-shopper-app-review.md)', () => {
  test('paying and an operator shipping each add a notification; badge and counts update without a reload', async ({
    page,
  }) => {
    test.setTimeout(400_000);
    const api = await fundedDemoShopper(page);
    await api.post('/api/user/notifications/read', { all: true });
    const order = await unpaidOrder(api);
    const before = {
      toPay: await countOf(api, '0'),
      toShip: await countOf(api, '1'),
      delivered: await countOf(api, '2'),
    };

    // One full page load; everything after it is in-app navigation. The marker would vanish on a reload.
    await page.goto('/profile');
    await expectSoon(page.getByRole('navigation', { name: 'Orders by status' })).toBeVisible({ timeout: 90_000 });
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });
    await expectSoon(shortcut(page, 'To pay')).toHaveAccessibleDescription(`Orders: ${before.toPay}`);
    await expectSoon(shortcut(page, 'To pay')).toContainText(String(before.toPay));
    await expectSoon(unreadBadge(page)).toHaveCount(0);

    await test.step('pay from the To pay tab: one "You paid" notification, the badge and counts follow', async () => {
      await shortcut(page, 'To pay').click();
      await expectSoon(page).toHaveURL(/\/myPurchases\/0$/);
      const card = page.getByRole('article', { name: `Order No. ${order.orderNo}` });
      await card.getByRole('button', { name: 'Pay', exact: true }).click();
      const popup = page.getByRole('form', { name: 'Pay with balance' });
      await popup.getByLabel('Payment code').fill(DEMO.paymentCode);
      await popup.getByRole('button', { name: 'Pay' }).click();
      // The pay result's heading (the toast says the same words for a moment).
      await expectSoon(page.getByRole('heading', { name: 'Pay Success', exact: true })).toBeVisible();

      // Paying opens the pay result (docs/decisions/0009-shopper-app-review.md); its Back returns to the list,
      // which has no tab bar: the list's header Back returns to Me (with backs=1, requirements §2.4).
      await expectSoon(page).toHaveURL(new RegExp(`/payResult/${order.id}$`));
      await back(page);
      await expectSoon(page).toHaveURL(/\/myPurchases\/0(\?backs=1)?$/);
      await back(page);
      await expectSoon(page).toHaveURL(/\/profile(\?backs=1)?$/);
      await expectSoon(unreadBadge(page)).toHaveAccessibleName('1 unread');
      await expectSoon(shortcut(page, 'To ship')).toHaveAccessibleDescription(`Orders: ${before.toShip + 1}`);
      const toPayAfter = before.toPay - 1;
      if (toPayAfter > 0)
        await expectSoon(shortcut(page, 'To pay')).toHaveAccessibleDescription(`Orders: ${toPayAfter}`);
      else await expectSoon(shortcut(page, 'To pay')).not.toHaveAccessibleDescription(/Orders/);
    });

    await test.step('the operator ships it while the shopper stays on Me: the badge goes to 2 by itself', async () => {
      await operatorPost(page, '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'DHNOTICE1' });
      // No tap, no reload: the badge and the counts are asked again while the page is visible.
      await expectSoon(unreadBadge(page)).toHaveAccessibleName('2 unread', { timeout: 25_000 });
      await expectSoon(shortcut(page, 'Delivered')).toHaveAccessibleDescription(`Orders: ${before.delivered + 1}`, {
        timeout: 25_000,
      });
    });

    await test.step('Notifications lists both as new, newest first; after reading them the badge is gone', async () => {
      await page.getByRole('link', { name: 'Notifications', exact: true }).click();
      await expectSoon(page).toHaveURL(/\/notification$/);
      const list = page.getByRole('list', { name: 'Notifications' });
      const shipped = list.getByRole('button', { name: new RegExp(`Your order ${order.orderNo} has been shipped`) });
      const paid = list.getByRole('button', { name: new RegExp(`You paid \\$[\\d,.]+ for order ${order.orderNo}`) });
      await expectSoon(shipped).toBeVisible();
      await expectSoon(paid).toBeVisible();
      await expectSoon(shipped).toContainText('New');
      await expectSoon(paid).toContainText('New');
      const texts = await list.getByRole('button').allInnerTexts();
      expect(texts.findIndex((t) => t.includes('has been shipped'))).toBeLessThan(
        texts.findIndex((t) => t.includes('You paid')),
      );

      // A notification that arrives while the list is open shows up in it, still without a reload.
      await operatorPost(page, '/api/admin/order/deliver', { id: order.id });
      await expectSoon(
        list.getByRole('button', { name: new RegExp(`Your order ${order.orderNo} has been delivered`) }),
      ).toBeVisible({ timeout: 25_000 });

      await shipped.click();
      await expectSoon(page).toHaveURL(new RegExp(`/orderInfo/${order.id}$`));
      // Back to Notifications, back again to a page with the tab bar (where the back history leads), then Me.
      await back(page);
      await expectSoon(page).toHaveURL(/\/notification(\?backs=1)?$/);
      await back(page);
      await tab(page, 'Me').click();
      await expectSoon(page).toHaveURL(/\/profile(\?backs=1)?$/);
      await expectSoon(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
      await expectSoon(unreadBadge(page)).toHaveCount(0);
    });

    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  });
});
