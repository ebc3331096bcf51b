import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../testing/render-screen';
import FilterScreen from './filter-screen';

describe('Filter', () => {
  it('applies category, sort and price range as a product list URL', async () => {
    await renderScreen(<FilterScreen />, { path: '/filter' });

    await userEvent.click(screen.getByRole('radio', { name: 'Outdoors' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Price: high to low' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum price' }), '10');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum price' }), '99.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/products?category=outdoors&sort=priceDesc&minPrice=1000&maxPrice=9950',
    );
  });

  it('says "Please fill correct amount" for a price that is not an amount and stays', async () => {
    await renderScreen(<FilterScreen />, { path: '/filter' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum price' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill correct amount');
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('Reset brings back all categories sorted by sales', async () => {
    await renderScreen(<FilterScreen />, { path: '/filter' });
    await userEvent.click(screen.getByRole('radio', { name: 'Toys' }));

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/products?sort=sales');
  });

  it('starts from the result list it came from and keeps its keyword', async () => {
    await renderScreen(<FilterScreen />, { path: '/filter?keyword=keybord&sort=priceAsc&maxPrice=5000' });

    expect(screen.getByRole('radio', { name: 'Price: low to high' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Maximum price' })).toHaveValue('50');
    await userEvent.click(screen.getByRole('radio', { name: 'Computer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/searchs?keyword=keybord&category=computer&sort=priceAsc&maxPrice=5000',
    );
  });
});
