import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../network/connection-state';
import { applyUpdate } from '../service-worker/update';
import './connection-banner.css';

/**
 * "You are offline" while the network is gone (what shows is what was seen last), "This needs an
 * internet connection" when an action was refused for it, and the new-version prompt.
 */
export const ConnectionBanner = () => {
  const { t } = useTranslation('common');
  const { offline, needsConnection, updateWaiting } = useConnectionState();
  return (
    <>
      <div role="status" aria-live="polite" className="shell-connection-banner__live">
        {offline || needsConnection ? (
          <div className="shell-connection-banner shell-connection-banner--offline">
            <span>{t('offline.banner')}</span>
            {needsConnection ? <span>{t('offline.needsConnection')}</span> : null}
          </div>
        ) : null}
      </div>
      {updateWaiting && !offline ? (
        <div
          role="region"
          aria-label={t('update.available')}
          className="shell-connection-banner shell-connection-banner--update"
        >
          <span>{t('update.available')}</span>
          <button type="button" className="shell-connection-banner__button" onClick={applyUpdate}>
            {t('update.apply')}
          </button>
        </div>
      ) : null}
    </>
  );
};
