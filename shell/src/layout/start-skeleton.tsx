import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastSeenAccount } from '../session/last-seen-account';
import './start-skeleton.css';

/**
 * What a guarded page shows while the account call is on its way (a slow network can take many seconds):
 * the shopper last seen in this browser and the outline of a page, never a blank page with a spinner
 * (docs/decisions/0005-installable-offline.md). Plain elements and the shell's own styles only.
 */
export const StartSkeleton = () => {
  const { t } = useTranslation('common');
  const [seen] = useState(lastSeenAccount);
  return (
    <div className="shell-start-skeleton" role="status" aria-label={t('loading')}>
      {seen && <p className="shell-start-skeleton__account">{t('session.lastSeen', { name: seen.name })}</p>}
      <div className="shell-start-skeleton__bar" aria-hidden="true" />
      <div className="shell-start-skeleton__grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, n) => (
          <div key={n} className="shell-start-skeleton__card">
            <div className="shell-start-skeleton__picture" />
            <div className="shell-start-skeleton__line" />
            <div className="shell-start-skeleton__line shell-start-skeleton__line--short" />
          </div>
        ))}
      </div>
    </div>
  );
};
