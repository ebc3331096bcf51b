import {
  DEMO,
  expect,
  operatorPost,
  test,
  type ShopperApi,
  fundedDemoShopper,
  expectSoon,
  unpaidOrder,
} from '../fixtures';

/*
 * The shopper app review (docs/decisions/0009-shopper-app-review.md), at 390x844 against the real server: a refund request with three proof pictures
 * (more than the one the screen used to take), then the order detail shows the request back (type,
 * amount, reason, explanation, every picture, each one served to its owner) and its timeline has the
 * refund step with its time; once an operator decides, the decision step follows. The operator's part
 * goes through the admin API with the credential global-setup gives the server.
 */

/** A paid order of the demo shopper (status "to ship"), made and paid through the API. */
const paidOrder = async (api: ShopperApi) => {
  const order = await unpaidOrder(api, {
    addressee: 'Refund Shopper',
    mobilePhone: '+1 555 0103',
    area: 'Springfield',
    detailedAddress: '4 Main St',
    tag: 'home',
  });
  await api.post('/api/order/pay', { orderIds: [order.id], paymentCode: DEMO.paymentCode });
  return order;
};

/** Three real PNGs (1x1: red, green, blue): the server checks uploads by their content. */
const PICTURES = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4o6EBAAMQAS0ujiXaAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQWGADAAH4AQV029onAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQCLgDAAH4AVXSujU3AAAAAElFTkSuQmCC',
].map((base64, i) => ({ name: `proof-${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }));

test.use({ viewport: { width: 390, height: 844 } });

test.describe('refund proof pictures (docs/decisions/0009-shopper-app-review.md)', () => {
  test('a refund with three pictures; the order shows them back with the refund steps in its timeline', async ({
    page,
  }) => {
    test.setTimeout(400_000);
    const api = await fundedDemoShopper(page);
    const order = await paidOrder(api);

    await test.step('the refund screen takes several pictures at once and sends them all', async () => {
      await page.goto('/myPurchases/1');
      const card = page.getByRole('article', { name: `Order No. ${order.orderNo}` });
      await expectSoon(card).toBeVisible({ timeout: 90_000 });
      await card.getByRole('button', { name: 'Refund' }).click();
      await expectSoon(page).toHaveURL(new RegExp(`/refund/${order.id}/`));
      await expectSoon(page.getByRole('form', { name: 'Apply for refund' })).toBeVisible();
      await page.getByRole('radio', { name: 'Refund with return' }).check();
      await page.getByRole('radio', { name: 'Received', exact: true }).check();
      // "Other" reveals a field for the shopper's own words, which are what the server keeps.
      await page.getByRole('radio', { name: 'Other', exact: true }).check();
      await page.getByLabel('Your reason').fill('Wrong colour');
      await page.getByLabel('Explanation').fill('Ordered green and got red, see the pictures');
      await expect(page.getByText('Up to 6 pictures', { exact: true })).toBeVisible();

      const proof = page.getByRole('group', { name: 'Proof' });
      const input = proof.locator('input[type=file]');
      // All three chosen at once (the picker takes several); the add tile stays while there is room.
      await input.setInputFiles(PICTURES);
      await expectSoon(proof.locator('.adm-image-uploader-cell img')).toHaveCount(PICTURES.length);
      await expectSoon(proof.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
      await expect(proof.locator('.adm-image-uploader-upload-button-wrap')).toBeVisible();
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/order/refund'));
      await page.getByRole('button', { name: 'Submit' }).click();
      const body = (await sent).postDataJSON() as { attachment: string; attachments: string[] };
      expect(body.attachments).toHaveLength(3);
      expect(body.attachment).toBe(body.attachments[0]);
      await expectSoon(page.getByText('Submission Successful', { exact: true })).toBeVisible();
      await expectSoon(page).toHaveURL(/\/myPurchases\/-3$/);
    });

    await test.step('the order detail shows the request, its three pictures and the refund step', async () => {
      await page.goto(`/orderInfo/${order.id}`);
      const request = page.getByRole('region', { name: 'Refund request' });
      await expectSoon(request).toBeVisible({ timeout: 90_000 });
      await expect(request).toContainText('Waiting for the platform to decide');
      await expect(request).toContainText('Refund with return');
      await expect(request).toContainText('Wrong colour');
      await expect(request).toContainText('Ordered green and got red, see the pictures');
      const pictures = request.getByRole('img', { name: /^Refund proof picture \d of 3$/ });
      await expect(pictures).toHaveCount(3);
      // Each one is served to its owner (the session cookie) and drawn.
      for (let i = 0; i < 3; i += 1) {
        await expectSoon
          .poll(() => pictures.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(1);
      }
      for (const link of await request.getByRole('link', { name: /^Open proof picture \d of 3$/ }).all()) {
        const box = await link.boundingBox();
        expect(box && box.width >= 44 && box.height >= 44).toBe(true);
      }
      const timeline = page.getByRole('region', { name: 'Logistics' });
      const first = timeline.locator('.adm-step').first();
      await expect(first.locator('.adm-step-title')).toHaveText('Refund requested');
      await expect(first.locator('.adm-step-description')).toHaveText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}/);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });

    await test.step('an operator refuses: the timeline adds "Refund refused" above the request', async () => {
      await operatorPost(page, '/api/admin/refund/decide', {
        orderId: order.id,
        agree: false,
        reason: 'The pictures show the colour ordered',
      });
      await page.reload();
      const timeline = page.getByRole('region', { name: 'Logistics' });
      await expectSoon(timeline).toBeVisible({ timeout: 90_000 });
      await expect(timeline.locator('.adm-step-title').nth(0)).toHaveText('Refund refused');
      await expect(timeline.locator('.adm-step-title').nth(1)).toHaveText('Refund requested');
      await expect(page.getByRole('region', { name: 'Refund request' })).toContainText(
        'Refused: The pictures show the colour ordered',
      );
    });
  });
});
