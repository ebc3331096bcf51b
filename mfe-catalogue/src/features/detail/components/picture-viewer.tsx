import { ImageViewer } from 'antd-mobile';
import { pictureUrl } from '@marketplace/shared';

/**
 * Pictures full screen: pinch or double-tap to zoom, swipe to the next (antd-mobile's ImageViewer.Multi,
 * with its gestures: loaded on the first tap, not with the page).
 */
export default function PictureViewer({
  images,
  index,
  onClose,
}: {
  images: string[];
  /** null: closed. */
  index: number | null;
  onClose: () => void;
}) {
  // As wide as the screen (smaller on a data-saving connection: pictureUrl).
  const urls = images.map((src) => pictureUrl(src, window.innerWidth));
  return <ImageViewer.Multi images={urls} visible={index !== null} defaultIndex={index ?? 0} onClose={onClose} />;
}
