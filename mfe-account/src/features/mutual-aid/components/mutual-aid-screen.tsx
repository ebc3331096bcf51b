import {
  EmptyState,
  links,
  PagedList,
  toastSuccess,
  useLazyGetSupportStatusQuery,
  usePageLoader,
  useSupportShopMutation,
} from '@marketplace/shared';
import type { SupportRecord, SupportStatus } from '@marketplace/shared/contracts';
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { mutualAidApi } from '../api';
import './mutual-aid.css';

const PAGE_SIZE = 20;
const LOGO_SIZE = 44;

type StatusOverrides = Record<number, Pick<SupportStatus, 'days' | 'totalDays' | 'supportedToday'>>;

interface SupportRowProps {
  record: SupportRecord;
  busy: boolean;
  onSupport: (shopId: number) => void;
}

const SupportRow = ({ record, busy, onSupport }: SupportRowProps) => {
  const { t } = useTranslation('account');
  const nameId = `support-shop-${record.shopId}`;
  const actionId = `support-action-${record.shopId}`;
  return (
    <article className="support-row" aria-labelledby={nameId}>
      {record.logo && (
        <img
          className="support-row__logo"
          src={record.logo}
          alt=""
          width={LOGO_SIZE}
          height={LOGO_SIZE}
          loading="lazy"
        />
      )}
      <div className="support-row__body">
        <h2 className="support-row__name" id={nameId}>
          <Link to={links.shop(record.shopId)}>{record.shopName}</Link>
        </h2>
        <p className="support-row__facts">
          {t('mutualAid.myDays', { count: record.days })} · {t('mutualAid.totalDays', { count: record.totalDays })}
        </p>
      </div>
      {/* Named by its text and then the shop ("Support Sunrise Outdoor"): one row's button from another. */}
      <Button
        size="small"
        color="primary"
        fill={record.supportedToday ? 'outline' : 'solid'}
        disabled={record.supportedToday}
        loading={busy}
        onClick={() => onSupport(record.shopId)}
        aria-labelledby={`${actionId} ${nameId}`}
      >
        <span id={actionId}>{record.supportedToday ? t('mutualAid.supportedToday') : t('mutualAid.support')}</span>
      </Button>
    </article>
  );
};

/**
 * `/mutualAid`: the shops the shopper can support once a day, with the days supported so far.
 * A support updates its row at once; a refused one ("Support Failed", toasted by the base query)
 * reloads the row's status, e.g. when another tab supported the shop first.
 */
export const MutualAidScreen = () => {
  const { t } = useTranslation('account');
  const listSupportShops = usePageLoader(mutualAidApi.endpoints.listSupportShops);
  const [getSupportStatus] = useLazyGetSupportStatusQuery();
  const [supportShop] = useSupportShopMutation();
  const [overrides, setOverrides] = useState<StatusOverrides>({});
  const [pending, setPending] = useState<number | null>(null);

  const loadPage = useCallback((page: number) => listSupportShops({ page, pageSize: PAGE_SIZE }), [listSupportShops]);

  const remember = (status: SupportStatus) =>
    setOverrides((current) => ({
      ...current,
      [status.shopId]: { days: status.days, totalDays: status.totalDays, supportedToday: status.supportedToday },
    }));

  const support = async (shopId: number) => {
    if (pending !== null) return;
    setPending(shopId);
    try {
      const result = await supportShop({ shopId });
      if (result.data) {
        remember(result.data.data);
        toastSuccess(result.data.msg || { key: 'errors:ok.community.support' });
        return;
      }
      const status = await getSupportStatus(shopId);
      if (status.data) remember(status.data);
    } finally {
      setPending(null);
    }
  };

  return (
    <AccountPage title={t('title.mutualAid')}>
      <p className="account-note">{t('mutualAid.intro')}</p>
      <nav className="mutual-aid-links" aria-label={t('mutualAid.more')}>
        <Link to="/mutualAidhHistroy">{t('mutualAid.history')}</Link>
      </nav>
      <PagedList<SupportRecord>
        loadPage={loadPage}
        pageSize={PAGE_SIZE}
        label={t('mutualAid.shops')}
        itemKey={(record) => record.shopId}
        empty={<EmptyState title={t('mutualAid.empty')} />}
        renderItem={(record) => (
          <SupportRow
            record={{ ...record, ...overrides[record.shopId] }}
            busy={pending === record.shopId}
            onSupport={(shopId) => void support(shopId)}
          />
        )}
      />
    </AccountPage>
  );
};
