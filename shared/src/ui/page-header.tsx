import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import './page-header.css';
import { useGoBack } from './back-navigation';

export interface PageHeaderProps {
  title: ReactNode;
  /** Go here instead of popping the back history. */
  backUrl?: string;
  /** Tab pages have nothing to go back to. */
  hideBack?: boolean;
  right?: ReactNode;
}

const backArrow = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * antd-mobile's NavBar look, drawn with its class names: NavBar wraps the back control in a
 * nameless `role="button"` element, which would give screen readers (and role queries) two
 * "Back" buttons, one of them without a name.
 */
export const PageHeader = ({ title, backUrl, hideBack = false, right }: PageHeaderProps) => {
  const { t } = useTranslation('common');
  const goBack = useGoBack();
  return (
    <header className="adm-nav-bar">
      <div className="adm-nav-bar-left">
        {!hideBack && (
          <button
            type="button"
            className="adm-nav-bar-back"
            aria-label={t('back')}
            onClick={() => goBack(backUrl)}
            style={{ background: 'none', border: 0, color: 'inherit', font: 'inherit' }}
          >
            <span className="adm-nav-bar-back-arrow">{backArrow}</span>
          </button>
        )}
      </div>
      <h1 className="adm-nav-bar-title" style={{ margin: 0, fontWeight: 'inherit' }}>
        {title}
      </h1>
      <div className="adm-nav-bar-right">{right}</div>
    </header>
  );
};
