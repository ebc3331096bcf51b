import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { SEARCH_HISTORY_KEY, SEARCH_HISTORY_LIMIT } from '../search-history';
import SearchScreen from './search-screen';

/** hot_keywords answers two keywords; suggestions echo the typed text. */
const serveSearch = () =>
  fakeApi({
    'GET /api/catalogue/hot_keywords': ok(['tent', 'headphones']),
    'GET /api/catalogue/suggestions': (_body, search) => {
      const keyword = search.get('keyword') ?? '';
      return ok([`${keyword} lamp`, `${keyword} stand`]);
    },
  });

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('Search', () => {
  it('searching a keyword opens /searchs and remembers it first in the history', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['tent', 'desk']));
    serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search keyword' }), ' desk {Enter}');

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/searchs?keyword=desk');
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '')).toEqual(['desk', 'tent']);
  });

  it('keeps at most ten keywords, newest first', async () => {
    const older = Array.from({ length: SEARCH_HISTORY_LIMIT }, (_, i) => `keyword ${i}`);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(older));
    serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search keyword' }), 'lamp{Enter}');

    const stored = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '') as string[];
    expect(stored).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(stored[0]).toBe('lamp');
    expect(stored).not.toContain(`keyword ${SEARCH_HISTORY_LIMIT - 1}`);
  });

  it('shows the history and Clear empties it', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['tent', 'desk']));
    serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search' });

    const history = screen.getByRole('list', { name: 'Search history' });
    expect(
      within(history)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['tent', 'desk']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));

    expect(screen.queryByRole('list', { name: 'Search history' })).not.toBeInTheDocument();
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBe('[]');
  });

  it('a hot keyword searches at once', async () => {
    serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search' });

    const hot = await screen.findByRole('list', { name: 'Hot searches' });
    await userEvent.click(within(hot).getByRole('button', { name: 'headphones' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/searchs?keyword=headphones');
  });

  it('suggests as the shopper types and a suggestion searches it', async () => {
    const { requests } = serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search keyword' }), 'desk');
    const suggestions = await screen.findByRole('list', { name: 'Suggestions' });
    await userEvent.click(within(suggestions).getByRole('button', { name: 'desk lamp' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/searchs?keyword=desk%20lamp');
    const asked = requests
      .filter((r) => r.url.includes('/catalogue/suggestions'))
      .map((r) => new URL(r.url).searchParams.get('keyword'));
    expect(asked).toEqual(['desk']);
  });

  it('opens with the keyword of the result list it came from in the box', async () => {
    serveSearch();
    await renderScreen(<SearchScreen />, { path: '/search?keyword=keybord' });
    expect(screen.getByRole('searchbox', { name: 'Search keyword' })).toHaveValue('keybord');
  });
});
