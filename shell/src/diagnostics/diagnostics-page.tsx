import { PageHeader } from '@marketplace/shared';
import { List } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getDiagnostics, subscribeDiagnostics, type RemoteReport } from '../remotes/diagnostics-state';
import { lastGoodVersion } from '../remotes/last-good-versions';
import { SHELL_VERSION } from './app-version';
import './diagnostics-page.css';

const RemoteSection = ({ remoteKey, report }: { remoteKey: string; report: RemoteReport }) => {
  const { t } = useTranslation('common');
  const headingId = `diagnostics-${remoteKey}`;
  const lastGood = lastGoodVersion(remoteKey)?.version;
  const { fallback } = report;
  return (
    <section className="shell-diagnostics__remote" aria-labelledby={headingId}>
      <h3 id={headingId}>{remoteKey}</h3>
      <dl>
        <dt>{t('diagnostics.live')}</dt>
        <dd>{report.liveVersion}</dd>
        <dt>{t('diagnostics.loaded')}</dt>
        <dd>{report.loadedVersion ?? t('diagnostics.notLoaded')}</dd>
        <dt>{t('diagnostics.lastGood')}</dt>
        <dd>{lastGood ?? t('diagnostics.none')}</dd>
        <dt>{t('diagnostics.status')}</dt>
        <dd className={fallback ? 'shell-diagnostics__fallback' : undefined}>
          {fallback ? (
            <>
              {t('diagnostics.fallback', { from: fallback.fromVersion, to: fallback.toVersion })}
              <br />
              {t('diagnostics.error', { error: fallback.error })}
            </>
          ) : report.loadedVersion ? (
            t('diagnostics.ok')
          ) : (
            t('diagnostics.notLoaded')
          )}
        </dd>
      </dl>
    </section>
  );
};

/** `/diagnostics`: which version of each remote this page runs, and why, for support and release managers. */
export const DiagnosticsPage = () => {
  const { t } = useTranslation('common');
  const { manifest, remotes } = useSyncExternalStore(subscribeDiagnostics, getDiagnostics);
  return (
    <div className="shell-diagnostics">
      <PageHeader title={t('diagnostics.title')} />
      <List header={t('diagnostics.app')}>
        <List.Item extra={SHELL_VERSION}>{t('diagnostics.shell')}</List.Item>
        <List.Item
          description={
            manifest?.source === 'stored' ? t('diagnostics.error', { error: manifest.error ?? '' }) : undefined
          }
          extra={manifest?.updatedAt}
        >
          {manifest
            ? t(manifest.source === 'network' ? 'diagnostics.manifestNetwork' : 'diagnostics.manifestStored')
            : t('diagnostics.notLoaded')}
        </List.Item>
      </List>
      <h2 className="shell-diagnostics__heading">{t('diagnostics.remotes')}</h2>
      {Object.entries(remotes).map(([remoteKey, report]) => (
        <RemoteSection key={remoteKey} remoteKey={remoteKey} report={report} />
      ))}
    </div>
  );
};
