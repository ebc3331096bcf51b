import { createMemoryRouter } from 'react-router-dom';
import { createGoBack, trackHistory } from './track-history';
import { readHistoryPaths } from './history-storage';

const makeRouter = (initial: string) =>
  createMemoryRouter([{ path: '*', element: null }], { initialEntries: [initial] });

describe('history tracking with the router', () => {
  beforeEach(() => localStorage.clear());

  it('stores each navigation and goes back to the previous page with backs=1', async () => {
    const router = makeRouter('/home');
    const stop = trackHistory(router);
    await router.navigate('/detail/3?from=hot');
    await router.navigate('/shop/9');
    expect(readHistoryPaths()).toEqual(['/home', '/detail/3?from=hot', '/shop/9']);

    createGoBack(router)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/detail/3');
    expect(new URLSearchParams(router.state.location.search).get('backs')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('hot');
    expect(readHistoryPaths()).toEqual(['/home']);
    stop();
  });

  it('goes to /index when the stored history is empty', async () => {
    const router = makeRouter('/service');
    const stop = trackHistory(router);
    createGoBack(router)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/index');
    stop();
  });

  it('goes to the explicit back URL when one is given', async () => {
    const router = makeRouter('/home');
    const stop = trackHistory(router);
    await router.navigate('/orderInfo/5');
    createGoBack(router)('/myPurchases/all');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/myPurchases/all');
    stop();
  });
});
