/**
 * The event that takes index.html's first-paint layer (first-paint.inline.js) away: sent by the screen
 * that draws for real what the layer showed, in a layout effect, so both never show in one frame.
 * Remotes send the same event by name (a remote does not import the shell).
 */
const FIRST_PAINT_READY_EVENT = 'marketplace:screen-ready';

export const dismissFirstPaint = (): void => {
  window.dispatchEvent(new Event(FIRST_PAINT_READY_EVENT));
};
