import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  Money,
  NamedTabs,
  PageHeader,
  PagedList,
  formatDateTime,
  usePageLoader,
} from '@marketplace/shared';
import { LEDGER_KINDS, type LedgerEntry, type LedgerKind } from '@marketplace/shared/contracts';
import { useGetBalanceHistoryQuery, walletApi } from '../../wallet';
import { referenceLink } from '../reference-link';
import '../../wallet/wallet.css';

// Only this screen needs the chart library: it loads with the chart, not with the wallet.
const BalanceChart = lazy(() => import('./balance-chart'));

const PAGE_SIZE = 20;
type KindFilter = LedgerKind | 'all';
const KIND_FILTERS: readonly KindFilter[] = ['all', ...LEDGER_KINDS];
const isKindFilter = (value: string | null): value is KindFilter =>
  (KIND_FILTERS as readonly string[]).includes(value ?? '');

/** What an entry belongs to: a link to the order or record it names, else its note ("Opening balance"). */
function EntryReference({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('wallet');
  const link = referenceLink(entry.reference);
  if (!link) return entry.note ? <p>{entry.note}</p> : null;
  return (
    <p>
      <Link className="wallet-record__link" to={link.to}>
        {t(link.labelKey, { no: entry.note || entry.reference })}
      </Link>
    </p>
  );
}

/** `/capitalRecord` (`bill`): every ledger entry, signed, with the balance after it; a balance chart on top. */
export default function CapitalRecordScreen() {
  const { t, i18n } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const requested = params.get('kind');
  const kind: KindFilter = isKindFilter(requested) ? requested : 'all';
  const setKind = (value: KindFilter) => setParams(value === 'all' ? {} : { kind: value }, { replace: true });
  const { data: history } = useGetBalanceHistoryQuery();
  const listEntries = usePageLoader(walletApi.endpoints.listFundTransactions);
  const loadPage = useCallback(
    (page: number) => listEntries({ page, pageSize: PAGE_SIZE, ...(kind === 'all' ? {} : { kind }) }),
    [listEntries, kind],
  );
  return (
    <div>
      <PageHeader title={t('title.capitalRecord')} />
      {history && history.length > 0 && (
        <Suspense fallback={null}>
          <BalanceChart points={history} />
        </Suspense>
      )}
      <NamedTabs
        label={t('fund.filter')}
        // i18n-keys: fund.kinds.all, fund.kinds.payment, fund.kinds.refund, fund.kinds.adjustment, fund.kinds.topup, fund.kinds.withdrawal, fund.kinds.withdrawalRefund, fund.kinds.vip
        tabs={KIND_FILTERS.map((value) => ({ key: value, title: t(`fund.kinds.${value}`) }))}
        activeKey={kind}
        onChange={setKind}
      >
        <PagedList<LedgerEntry>
          key={kind}
          loadPage={loadPage}
          pageSize={PAGE_SIZE}
          label={t('title.capitalRecord')}
          itemKey={(entry) => entry.id}
          empty={<EmptyState title={t('records.empty')} />}
          renderItem={(entry) => (
            // i18n-keys: fund.kinds.payment, fund.kinds.refund, fund.kinds.adjustment, fund.kinds.topup, fund.kinds.withdrawal, fund.kinds.withdrawalRefund, fund.kinds.vip
            <article className="wallet-record" aria-label={t(`fund.kinds.${entry.kind}`)}>
              <h3>
                <span>{t(`fund.kinds.${entry.kind}`)}</span>
                <span className={entry.amount < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>
                  {entry.amount < 0 ? '−' : '+'}
                  <Money cents={Math.abs(entry.amount)} />
                </span>
              </h3>
              <p>
                {t('fund.balanceAfter')} <Money cents={entry.balanceAfter} />
              </p>
              <EntryReference entry={entry} />
              <p>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
              </p>
            </article>
          )}
        />
      </NamedTabs>
    </div>
  );
}
