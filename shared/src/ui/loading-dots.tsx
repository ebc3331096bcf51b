import './loading-dots.css';

/**
 * Three dots that fade in turn: opacity only, so the compositor animates them without a style
 * recalculation or paint on the main thread (antd-mobile's DotLoading animates an SVG attribute with
 * SMIL, which repaints every frame; docs/decisions/0001-idle-page-does-not-paint.md).
 */
export const LoadingDots = () => (
  <span className="marketplace-loading-dots" aria-hidden="true">
    <span />
    <span />
    <span />
  </span>
);
