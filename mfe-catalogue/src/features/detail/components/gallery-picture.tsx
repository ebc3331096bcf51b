import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureUrl, savesData } from '@marketplace/shared';
import '../../catalogue-common.css';

/** Gallery pictures are square; the size is given so nothing below moves while they load. */
const GALLERY_SIZE = 390;
/** How much of a picture is on screen before it loads on a data-saving connection. */
const ON_SCREEN = 0.01;

/**
 * Whether the picture may load now. The browser's own lazy loading fetches pictures well ahead of the
 * screen (further on a slow connection), and the gallery's next pictures sit just beside it: on a
 * data-saving connection a picture after the first loads only once it is on screen (swiped to).
 */
const useLoadWhenShown = (deferred: boolean) => {
  const ref = useRef<HTMLImageElement>(null);
  const [shown, setShown] = useState(!deferred);
  useEffect(() => {
    const picture = ref.current;
    if (shown || !picture) return;
    // Some of it on screen: the next picture of the swiper touches the screen's edge, which counts as
    // intersecting with a ratio of 0.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio > 0)) setShown(true);
      },
      { threshold: ON_SCREEN },
    );
    observer.observe(picture);
    return () => observer.disconnect();
  }, [shown]);
  return { ref, shown };
};

/**
 * One picture of the product's gallery; the first loads at once and first. A tap opens it full screen.
 * On a data-saving connection the others load when they come on screen.
 */
export const GalleryPicture = ({
  src,
  index,
  title,
  onOpen,
}: {
  src: string;
  index: number;
  title: string;
  onOpen?: (index: number) => void;
}) => {
  const { t } = useTranslation('catalogue');
  const [deferred] = useState(() => index > 0 && savesData() && typeof IntersectionObserver !== 'undefined');
  const { ref, shown } = useLoadWhenShown(deferred);
  const url = pictureUrl(src, GALLERY_SIZE);
  const picture = (
    <img
      ref={ref}
      className="catalogue-square-picture"
      src={shown ? url : undefined}
      data-src={shown ? undefined : url}
      alt={t('detail.picture', { index: index + 1, title })}
      width={GALLERY_SIZE}
      height={GALLERY_SIZE}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : 'auto'}
    />
  );
  if (!onOpen) return picture;
  return (
    <button
      type="button"
      className="catalogue-detail__picture-button"
      aria-haspopup="dialog"
      onClick={() => onOpen(index)}
    >
      {picture}
    </button>
  );
};
