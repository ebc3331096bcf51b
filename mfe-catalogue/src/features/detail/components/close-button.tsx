import { useTranslation } from 'react-i18next';
import { CloseOutline } from 'antd-mobile-icons';
import './detail-controls.css';

/** A sheet's close control: an icon button (detail-controls.css) named "Close". */
export function CloseButton({ className, onClose }: { className: string; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <button
      type="button"
      className={`catalogue-icon-button ${className}`}
      aria-label={t('common:close')}
      onClick={onClose}
    >
      <CloseOutline aria-hidden="true" />
    </button>
  );
}
