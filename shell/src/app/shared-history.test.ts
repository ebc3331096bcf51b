import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { withListeners } from './shared-history';

const memoryHistory = () => UNSAFE_createMemoryHistory({ initialEntries: ['/home'], v5Compat: true });

describe('a history with several listeners', () => {
  it('keeps one listener without the wrapper (why the wrapper exists)', () => {
    // The memory history drops the first listener; the browser history throws on the second.
    const history = memoryHistory();
    const heard: string[] = [];
    history.listen(() => heard.push('first'));
    history.listen(() => heard.push('second'));
    history.push('/bag');
    expect(heard).toEqual(['second']);
  });

  it('tells every listener of each navigation, in order, and stops telling one that left', () => {
    const history = withListeners(memoryHistory());
    const heard: string[] = [];
    const stopFirst = history.listen(({ location }) => heard.push(`first ${location.pathname}`));
    history.listen(({ location, action }) => heard.push(`second ${action} ${location.pathname}`));

    history.push('/detail/3');
    history.replace('/shop/9');
    stopFirst();
    history.push('/bag');

    expect(heard).toEqual([
      'first /detail/3',
      'second PUSH /detail/3',
      'first /shop/9',
      'second REPLACE /shop/9',
      'second PUSH /bag',
    ]);
    expect(history.location.pathname).toBe('/bag');
    expect(history.action).toBe('PUSH');
  });

  it('listens again after every listener left', () => {
    const history = withListeners(memoryHistory());
    history.listen(() => undefined)();
    const heard: string[] = [];
    history.listen(({ location }) => heard.push(location.pathname));
    history.push('/bag');
    expect(heard).toEqual(['/bag']);
  });
});
