import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bag, BagItem } from '@marketplace/shared/contracts';
import { fakeApi, ok, resetBrowserState } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import BagScreen from './bag-screen';

type Line = Omit<BagItem, 'subtotal'> & { shopId: number; shopName: string };

const line = (id: number, shopId: number, fields: Partial<Line> = {}): Line => ({
  id,
  productId: 100 + id,
  title: `Product ${id}`,
  image: `/api/images/product/${100 + id}.svg`,
  spec: { Colour: 'Black' },
  unitPrice: 1_250,
  quantity: 1,
  stock: 5,
  selected: false,
  shopId,
  shopName: shopId === 1 ? 'Sunrise Outdoor' : 'City Gadgets',
  ...fields,
});

/** The bag as the server computes it: groups by shop, subtotals and the total of selected lines. */
const bagOf = (lines: Line[]): Bag => {
  const shops = [...new Set(lines.map((l) => l.shopId))].map((shopId) => {
    const items = lines
      .filter((l) => l.shopId === shopId)
      .map(({ shopId: _shop, shopName: _name, ...item }) => ({ ...item, subtotal: item.unitPrice * item.quantity }));
    return {
      shopId,
      shopName: lines.find((l) => l.shopId === shopId)?.shopName ?? '',
      selected: items.every((i) => i.selected),
      subtotal: items.filter((i) => i.selected).reduce((sum, i) => sum + i.subtotal, 0),
      items,
    };
  });
  const chosen = shops.flatMap((s) => s.items).filter((i) => i.selected);
  return {
    shops,
    selectedTotal: chosen.reduce((sum, i) => sum + i.subtotal, 0),
    selectedCount: chosen.reduce((sum, i) => sum + i.quantity, 0),
  };
};

/** A fake /api/bag: answers GET with the bag and applies select / update like the server. */
const serveBag = (initial: Line[]) => {
  let lines = initial;
  const bag = () => ok(bagOf(lines));
  return fakeApi(
    {
      'POST /api/bag/select': (body) => {
        lines = lines.map((l) =>
          body?.all || l.shopId === body?.shopId || body?.itemIds?.includes(l.id)
            ? { ...l, selected: Boolean(body?.selected) }
            : l,
        );
        return bag();
      },
      'POST /api/bag/update': (body) => {
        lines = lines.map((l) => (l.id === body?.itemId ? { ...l, quantity: Number(body.quantity) } : l));
        return bag();
      },
    },
    { otherwise: bag },
  );
};

afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

describe('Bag', () => {
  it('shows "Your bag is empty" and "Go shopping" leads to /home', async () => {
    serveBag([]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    expect(await screen.findByText('Your bag is empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go shopping' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/home');
  });

  it('groups lines under their shop with the spec chosen', async () => {
    serveBag([line(1, 1), line(2, 2, { spec: { Size: 'M', Colour: 'Red' } })]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    const outdoor = await screen.findByRole('region', { name: 'Sunrise Outdoor' });
    expect(within(outdoor).getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/detail/101');
    expect(
      within(screen.getByRole('region', { name: 'City Gadgets' })).getByText('Size: M · Colour: Red'),
    ).toBeVisible();
  });

  it('selecting items shows the total of the selected lines', async () => {
    const { requests } = serveBag([line(1, 1, { quantity: 2 }), line(2, 1, { unitPrice: 999 }), line(3, 2)]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Product 1' }));
    await waitFor(() => expect(screen.getByText('Total').parentElement).toHaveTextContent('Total $25.00'));
    // "Select all" names one box only, whatever the shops are called.
    expect(screen.getAllByRole('checkbox', { name: /select all/i })).toHaveLength(1);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select shop City Gadgets' }));
    await waitFor(() => expect(screen.getByText('Total').parentElement).toHaveTextContent('Total $37.50'));
    expect(screen.getByRole('button', { name: 'Checkout (3)' })).toBeInTheDocument();

    const selects = await Promise.all(
      requests.filter((r) => r.url.endsWith('/bag/select')).map((r) => r.json() as Promise<unknown>),
    );
    expect(selects).toEqual([
      { selected: true, itemIds: [1] },
      { selected: true, shopId: 2 },
    ]);
  });

  it('says "Please select item to checkout" when nothing is selected, and stays', async () => {
    serveBag([line(1, 1)]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    await userEvent.click(await screen.findByRole('button', { name: 'Checkout (0)' }));

    expect(await screen.findByText('Please select item to checkout')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('hands the selected lines to /checkout', async () => {
    serveBag([line(1, 1, { selected: true }), line(2, 1), line(3, 2, { selected: true })]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    await userEvent.click(await screen.findByRole('button', { name: 'Checkout (2)' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/checkout?items=1,3');
  });

  it('keeps the quantity between 1 and the stock', async () => {
    const { requests } = serveBag([line(1, 1, { quantity: 1, stock: 3 }), line(2, 1, { quantity: 3, stock: 3 })]);
    await renderScreen(<BagScreen />, { path: '/bag' });

    const first = await screen.findByRole('group', { name: 'Quantity of Product 1' });
    const second = screen.getByRole('group', { name: 'Quantity of Product 2' });
    expect(within(first).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(within(second).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();

    await userEvent.click(within(first).getByRole('button', { name: 'Increase quantity' }));

    await waitFor(() => expect(within(first).getByRole('spinbutton')).toHaveValue('2'));
    const update = requests.find((r) => r.url.endsWith('/bag/update'));
    expect(await update?.json()).toEqual({ itemId: 1, quantity: 2 });
  });
});
