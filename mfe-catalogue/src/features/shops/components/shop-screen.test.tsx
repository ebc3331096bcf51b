import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceeded } from '@marketplace/shared';
import type { ShopDetail } from '@marketplace/shared/contracts';
import { fakeApi, ok, resetBrowserState } from '@marketplace/shared/testing';
import { emptyPage, shopDetail } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import ShopScreen from './shop-screen';

const shop = shopDetail();

/** A fake shop: follow adds one fan (once), as the server does. */
const serveShop = (served: ShopDetail = shop) => {
  let current = served;
  return fakeApi(
    {
      'POST /api/catalogue/follow': () => {
        current = { ...current, followed: true, fans: shop.fans + 1 };
        return ok({ followed: true, fans: current.fans }, 'Follow Success');
      },
      'GET /api/catalogue/shop': () => ok(current),
    },
    { otherwise: emptyPage },
  );
};

afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

const fans = () => screen.getByText('Fans').nextElementSibling?.textContent;

describe('Shop', () => {
  it('shows sales, fans, favorable rate and support days', async () => {
    serveShop();
    await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });

    expect(await screen.findByRole('heading', { name: 'Sunrise Outdoor', level: 2 })).toBeInTheDocument();
    expect(fans()).toBe('33');
    expect(screen.getByText('Favorable rate').nextElementSibling).toHaveTextContent('98%');
    expect(screen.getByText('Support days').nextElementSibling).toHaveTextContent('4');
    expect(screen.getByText('Items sold').nextElementSibling).toHaveTextContent(/^120$/);
    // The shop's turnover is not the shopper's business (docs/decisions/0009-shopper-app-review.md: "Total sales $838,620.97").
    expect(screen.queryByText('Total sales')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About the shop' }).textContent).not.toContain('$');
  });

  it('shows a large number of items sold at a glance ("12.3K")', async () => {
    serveShop({ ...shop, sales: 12_345, totalSales: 83_862_097 });
    await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });
    expect(await screen.findByRole('heading', { name: 'Sunrise Outdoor', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Items sold').nextElementSibling).toHaveTextContent(/^12\.3K$/);
    expect(document.body).not.toHaveTextContent('$838,620.97');
  });

  it('Follow toasts "Follow Success", adds a fan and turns into Unfollow', async () => {
    const { requests } = serveShop();
    const { store } = await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });
    store.dispatch(loginSucceeded('shopper-token'));

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('Follow Success')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await waitFor(() => expect(fans()).toBe('34'));
    const follow = requests.find((r) => r.url.endsWith('/catalogue/follow'));
    expect(await follow?.json()).toEqual({ shopId: 7 });
  });

  it('says the shop does not exist for an id that is not one', async () => {
    serveShop();
    await renderScreen(<ShopScreen />, { path: '/shop/abc', route: '/shop/:id?' });

    expect(screen.getByText('This shop does not exist')).toBeInTheDocument();
  });
});
