import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../../testing/render-screen';
import { GalleryPicture } from './gallery-picture';

/**
 * jsdom has neither `navigator.connection` nor IntersectionObserver: the connection is set per test,
 * and the observer is the browser's contract (observe, callback with entries, disconnect), driven by
 * the test as the browser would when the picture comes on screen.
 */
class OnScreen {
  static last: OnScreen | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    OnScreen.last = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(visible: boolean, intersectionRatio = visible ? 0.5 : 0) {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: visible, intersectionRatio }) as IntersectionObserverEntry,
    );
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

const setConnection = (connection: { saveData?: boolean; effectiveType?: string } | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

const renderPicture = async (index: number) => {
  const { unmount } = await renderScreen(
    <GalleryPicture src={`/api/images/product/42-${index + 1}.svg`} index={index} title="Trail tent" />,
    { path: '/detail/42' },
  );
  const picture = screen.getByRole('img');
  return Object.assign(picture, { unmount });
};

beforeEach(() => {
  OnScreen.last = null;
  Object.defineProperty(window, 'IntersectionObserver', { value: OnScreen, configurable: true, writable: true });
});
afterEach(() => {
  setConnection(undefined);
  Object.defineProperty(window, 'IntersectionObserver', { value: undefined, configurable: true, writable: true });
});

describe('gallery picture on a data-saving connection (docs/decisions/0005-installable-offline.md)', () => {
  it('loads a picture after the first only once it is on screen', async () => {
    setConnection({ saveData: true, effectiveType: '4g' });
    const picture = await renderPicture(1);
    expect(picture).not.toHaveAttribute('src');
    OnScreen.last?.show(false);
    expect(picture).not.toHaveAttribute('src');
    // Beside the screen, touching its edge: intersecting with nothing of it shown.
    OnScreen.last?.show(true, 0);
    expect(picture).not.toHaveAttribute('src');
    OnScreen.last?.show(true);
    expect(picture).toHaveAttribute('src', '/api/images/product/42-2.svg?w=320');
    expect(OnScreen.last?.disconnected).toBe(true);
  });

  it('on 2G too; the first picture loads at once', async () => {
    setConnection({ saveData: false, effectiveType: '2g' });
    const second = await renderPicture(1);
    expect(second).not.toHaveAttribute('src');
    second.unmount();
    expect(await renderPicture(0)).toHaveAttribute('src', '/api/images/product/42-1.svg?w=320');
  });

  it('on a fast connection every picture has its address at once (the browser lazy-loads it)', async () => {
    setConnection({ saveData: false, effectiveType: '4g' });
    const picture = await renderPicture(2);
    expect(picture).toHaveAttribute('src', '/api/images/product/42-3.svg?w=640');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(OnScreen.last).toBeNull();
  });
});
