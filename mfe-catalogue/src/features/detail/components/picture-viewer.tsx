import type { MouseEvent } from 'react';
import { ImageViewer } from 'antd-mobile';
import { pictureUrl } from '@marketplace/shared';
import { useOverlayClose } from '../use-overlay-close';
import { CloseButton } from './close-button';
import './picture-viewer.css';

/**
 * Pictures full screen: pinch or double-tap to zoom, swipe to the next (antd-mobile's ImageViewer.Multi,
 * with its gestures: loaded on the first tap, not with the page). It closes with its close button, a tap
 * beside the picture, Escape, or the back gesture (which stays on the product).
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
  useOverlayClose(index !== null, onClose);
  // As wide as the screen (smaller on a data-saving connection: pictureUrl).
  const urls = images.map((src) => pictureUrl(src, window.innerWidth));
  // A tap on the dark area around the picture (the picture itself zooms on a double tap).
  const besidePicture = (event: MouseEvent) => {
    if (!(event.target instanceof HTMLImageElement) && !(event.target as Element).closest('button')) onClose();
  };
  if (index === null) return null;
  return (
    // The close button and Escape are the keyboard's way out; this click is only the pointer's.
    <div onClick={besidePicture}>
      <ImageViewer.Multi images={urls} visible defaultIndex={index} onClose={onClose} />
      <CloseButton className="catalogue-picture-viewer__close" onClose={onClose} />
    </div>
  );
}
