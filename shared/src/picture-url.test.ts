import { pictureUrl, savesData } from './picture-url';

const setConnection = (connection: { saveData?: boolean; effectiveType?: string } | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
const setRatio = (ratio: number) =>
  Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });

afterEach(() => {
  setConnection(undefined);
  setRatio(1);
});

describe('pictureUrl', () => {
  it('asks for the smallest step covering the width at the screen pixel ratio', () => {
    const cases: [ratio: number, width: number, w: number][] = [
      [1, 72, 160],
      [1, 180, 320],
      [1, 390, 640],
      [2, 72, 160],
      [2, 180, 640],
      [2, 390, 1080],
      [3, 72, 320],
      // Beyond 3× and beyond the widest step: the widest.
      [4, 390, 1080],
      [1, 2000, 1080],
    ];
    for (const [ratio, width, w] of cases) {
      setRatio(ratio);
      expect([ratio, width, pictureUrl('/api/upload/abc', width)]).toEqual([ratio, width, `/api/upload/abc?w=${w}`]);
    }
  });

  it('on a data-saving connection asks for 1× and the step below, whatever the pixel ratio', () => {
    setRatio(3);
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { effectiveType: '3g' },
      { effectiveType: 'slow-2g' },
    ]) {
      setConnection(connection);
      expect(savesData()).toBe(true);
      expect(pictureUrl('/api/images/product/7.svg', 180)).toBe('/api/images/product/7.svg?w=160');
      expect(pictureUrl('/api/upload/abc', 390)).toBe('/api/upload/abc?w=320');
      expect(pictureUrl('/api/upload/abc', 72)).toBe('/api/upload/abc?w=160');
      expect(pictureUrl('/api/upload/abc', 640)).toBe('/api/upload/abc?w=640');
      expect(pictureUrl('/api/upload/abc', 5000)).toBe('/api/upload/abc?w=1080');
    }
    setConnection({ saveData: false, effectiveType: '4g' });
    expect(savesData()).toBe(false);
    expect(pictureUrl('/api/upload/abc', 180)).toBe('/api/upload/abc?w=640');
  });

  it('adds to an existing query and leaves other URLs alone', () => {
    expect(pictureUrl('/api/upload/abc?x=1', 72)).toBe('/api/upload/abc?x=1&w=160');
    for (const src of ['blob:http://localhost/1', 'data:image/png;base64,AA', 'https://cdn.example/a.jpg', '']) {
      expect(pictureUrl(src, 180)).toBe(src);
    }
  });
});
