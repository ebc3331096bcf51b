/** The widths the server resizes pictures to (`GET /api/upload/:id?w=`; server/…/uploads/picture-variants.ts). */
const STEPS = [160, 320, 640, 1080];

/**
 * Whether the connection asks for less data (docs/decisions/0005-installable-offline.md, data saver): the browser's data saver, or a
 * 2G/3G-like effective type (Chromium's `navigator.connection`), as the shell's network/data-saver.ts decides.
 */
export const savesData = (): boolean => {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !!connection && (connection.saveData === true || /^(slow-)?[23]g$/.test(connection.effectiveType ?? ''));
};

/**
 * The URL of one of the app's pictures (`/api/…`) drawn `width` CSS pixels wide: with `w=`, the smallest
 * step covering it at the screen's pixel ratio (at most 3×). On a data-saving connection, 1× and the
 * step below (`w=160` for a 180 px tile): a smaller picture, a little soft. Other URLs (a `blob:` preview)
 * are left as they are. SVG pictures ignore `w` but carry it all the same.
 */
export const pictureUrl = (src: string, width: number): string => {
  if (!src.startsWith('/api/')) return src;
  const less = savesData();
  const wanted = less ? width : width * Math.min(window.devicePixelRatio || 1, 3);
  let i = STEPS.findIndex((step) => step >= wanted);
  if (i < 0) i = STEPS.length - 1;
  else if (less && i > 0 && STEPS[i]! > wanted) i -= 1;
  return `${src}${src.includes('?') ? '&' : '?'}w=${STEPS[i]}`;
};
