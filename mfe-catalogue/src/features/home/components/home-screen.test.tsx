import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../testing/render-screen';
import HomeScreen from './home-screen';

describe('Home', () => {
  it('links each of the ten spec categories to its product list', async () => {
    await renderScreen(<HomeScreen />, { path: '/home' });

    const categories = screen.getByRole('region', { name: 'Shop by category' });
    const links = Array.from(categories.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['💻Computer', '/products?category=computer'],
      ['🔌Electrical equipment', '/products?category=electrical'],
      ['🏕️Outdoors', '/products?category=outdoors'],
      ['🏠Family life', '/products?category=familyLife'],
      ['💊Health', '/products?category=health'],
      ["👔Men's clothing", '/products?category=menClothing'],
      ["👗Women's clothing", '/products?category=womenClothing'],
      ['🍎Food', '/products?category=food'],
      ['📱Mobile phone', '/products?category=mobilePhone'],
      ['🧸Toys', '/products?category=toys'],
    ]);
    expect(screen.getByRole('link', { name: "Men's clothing" })).toBeInTheDocument();
  });

  it('opens the search page from the search entry', async () => {
    await renderScreen(<HomeScreen />, { path: '/home' });

    await userEvent.click(screen.getByRole('button', { name: 'Search products and shops' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/search');
  });

  it('tells shoppers why to shop here', async () => {
    await renderScreen(<HomeScreen />, { path: '/index' });

    expect(screen.getByRole('heading', { name: 'Why shop with us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buyer protection' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How shopping works' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').at(-1)).toHaveTextContent('confirm receipt and leave a review');
  });
});
