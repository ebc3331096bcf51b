import { useTranslation } from 'react-i18next';

/** Gallery pictures are square; the size is given so nothing below moves while they load. */
const GALLERY_SIZE = 390;

/** One picture of the product's gallery; the first loads at once and first. A tap opens it full screen. */
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
  const picture = (
    <img
      className="catalogue-detail__image"
      src={src}
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
