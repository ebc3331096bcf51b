import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd-mobile';
import { Money } from '@marketplace/shared';
import './top-up-screen.css';

interface WalletBalanceProps {
  /** The id of the heading that names the section. */
  headingId: string;
  /** The balance in cents; undefined while it loads (a skeleton then stands in for it). */
  cents: number | undefined;
}

/** The shopper's balance at the top of the top-up and payment screens. */
export function WalletBalance({ headingId, cents }: WalletBalanceProps) {
  const { t } = useTranslation('wallet');
  return (
    <section className="wallet-top-up__balance" aria-labelledby={headingId}>
      <h2 id={headingId} className="wallet-top-up__balance-label">
        {t('topUp.balance')}
      </h2>
      {cents === undefined ? (
        <div role="status" aria-label={t('topUp.loadingBalance')}>
          <Skeleton.Title animated />
        </div>
      ) : (
        <p className="wallet-top-up__balance-amount">
          <Money cents={cents} />
        </p>
      )}
    </section>
  );
}
