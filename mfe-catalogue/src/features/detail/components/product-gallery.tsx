import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { GalleryPicture } from './gallery-picture';

/** The product's pictures in antd-mobile's Swiper (react-spring and @use-gesture: loaded apart, see Gallery). */
export default function ProductGallery({
  images,
  title,
  onOpen,
}: {
  images: string[];
  title: string;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Swiper aria-label={t('detail.gallery')} indicatorProps={{ color: 'white' }}>
      {images.map((src, index) => (
        <Swiper.Item key={src}>
          <GalleryPicture src={src} index={index} title={title} onOpen={onOpen} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
