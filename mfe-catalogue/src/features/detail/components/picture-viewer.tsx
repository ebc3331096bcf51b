import { ImageViewer } from 'antd-mobile';

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
  return <ImageViewer.Multi images={images} visible={index !== null} defaultIndex={index ?? 0} onClose={onClose} />;
}
