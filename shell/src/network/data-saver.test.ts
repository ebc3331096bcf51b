import { prefersLessData, whenDataIsCheap } from './data-saver';

/**
 * A connection as Chromium's Network Information API reports it: an EventTarget whose fields change
 * and which fires `change` (jsdom has no `navigator.connection`).
 */
class Connection extends EventTarget {
  constructor(
    public saveData: boolean,
    public effectiveType: string,
  ) {
    super();
  }

  set(next: { saveData?: boolean; effectiveType?: string }) {
    Object.assign(this, next);
    this.dispatchEvent(new Event('change'));
  }
}

const setConnection = (connection: Connection | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

afterEach(() => setConnection(undefined));

describe('data saver', () => {
  it('asks for less data with the data saver on or on a 2G/3G-like connection', () => {
    const cases: Array<[boolean, string, boolean]> = [
      [true, '4g', true],
      [false, 'slow-2g', true],
      [false, '2g', true],
      [false, '3g', true],
      [false, '4g', false],
      [false, '', false],
    ];
    for (const [saveData, effectiveType, expected] of cases) {
      setConnection(new Connection(saveData, effectiveType));
      expect([saveData, effectiveType, prefersLessData()]).toEqual([saveData, effectiveType, expected]);
    }
  });

  it('does not save data where the browser does not tell (no Network Information API)', () => {
    setConnection(undefined);
    expect(prefersLessData()).toBe(false);
  });

  it('runs at once on a cheap connection', () => {
    setConnection(new Connection(false, '4g'));
    const run = jest.fn();
    whenDataIsCheap(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while data is dear and runs once, when the connection stops asking for less', () => {
    const connection = new Connection(true, '2g');
    setConnection(connection);
    const run = jest.fn();
    whenDataIsCheap(run);
    expect(run).not.toHaveBeenCalled();
    connection.set({ saveData: false });
    expect(run).not.toHaveBeenCalled(); // still 2G
    connection.set({ effectiveType: '4g' });
    expect(run).toHaveBeenCalledTimes(1);
    connection.set({ effectiveType: '3g' });
    connection.set({ effectiveType: '4g' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled while waiting', () => {
    const connection = new Connection(true, '4g');
    setConnection(connection);
    const run = jest.fn();
    const cancel = whenDataIsCheap(run);
    cancel();
    connection.set({ saveData: false });
    expect(run).not.toHaveBeenCalled();
  });
});
