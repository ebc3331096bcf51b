import { useTranslation } from 'react-i18next';

/** Gallery pictures are square; the size is given so nothing below moves while they load. */
const GALLERY_SIZE = 390;

/** One picture of the product's gallery; the first loads at once and first. */
export const GalleryPicture = ({ src, index, title }: { src: string; index: number; title: string }) => {
  const { t } = useTranslation('catalogue');
  return (
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
};
