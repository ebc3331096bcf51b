import { EmptyState, formatDate, links, PagedList, usePageLoader } from '@marketplace/shared';
import type { SupportHistoryEntry } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { mutualAidApi } from '../api';
import { supportDayDate } from '../support-day';
import './mutual-aid.css';

const PAGE_SIZE = 20;

/** `/mutualAidhHistroy` (spelled as requirements §2.1 keeps it): the shopper's past supports, newest first. */
export const SupportHistoryScreen = () => {
  const { t, i18n } = useTranslation('account');
  const listSupportHistory = usePageLoader(mutualAidApi.endpoints.listSupportHistory);
  const loadPage = useCallback(
    (page: number) => listSupportHistory({ page, pageSize: PAGE_SIZE }),
    [listSupportHistory],
  );

  return (
    <AccountPage title={t('title.mutualAidhHistroy')}>
      <PagedList<SupportHistoryEntry>
        loadPage={loadPage}
        pageSize={PAGE_SIZE}
        label={t('title.mutualAidhHistroy')}
        itemKey={(entry) => entry.id}
        empty={
          <EmptyState title={t('supportHistory.empty')}>
            <Link to="/mutualAid">{t('supportHistory.goSupport')}</Link>
          </EmptyState>
        }
        renderItem={(entry) => (
          <article className="support-row" aria-labelledby={`support-entry-${entry.id}`}>
            <div className="support-row__body">
              <h2 className="support-row__name" id={`support-entry-${entry.id}`}>
                <Link to={links.shop(entry.shopId)}>{entry.shopName}</Link>
              </h2>
              <p className="support-row__facts">
                <time dateTime={entry.day}>{formatDate(supportDayDate(entry.day), i18n.language)}</time> ·{' '}
                {t('supportHistory.dayCount', { n: entry.count })} · {t('mutualAid.myDays', { count: entry.days })}
              </p>
            </div>
          </article>
        )}
      />
    </AccountPage>
  );
};
