import { useTranslation } from 'react-i18next';
import { PageHeader } from '@marketplace/shared';
import { useGetBlockchainInfoQuery, useGetUserInfoQuery, LinkList } from '../../wallet';
import { WALLET_VERSION } from '../build-version';
import { TopUpMethodList } from './top-up-method-list';
import { WalletBalance } from './wallet-balance';
import './top-up-screen.css';

/** `/topUp`: the balance and the four ways to add to it. */
export default function TopUpScreen() {
  const { t } = useTranslation('wallet');
  const { data: user } = useGetUserInfoQuery();
  const { data: channels } = useGetBlockchainInfoQuery();
  return (
    <div className="wallet-top-up">
      <PageHeader title={t('title.topUp')} />
      <WalletBalance headingId="wallet-top-up-balance" cents={user?.balance} />
      <TopUpMethodList header={t('topUp.chooseMethod')} detailed />
      <LinkList
        links={[
          ['/topUpRecord', 'topUp.records'],
          ['/withDraw', 'payment.withdraw'],
          ['/capitalRecord', 'title.capitalRecord'],
          ['/payment', 'title.payment'],
        ]}
      />
      {/* A build detail for testers: shown with the sandbox acquirer (demo and test setups), never to paying shoppers. */}
      {channels?.cardSandbox && (
        <footer className="wallet-top-up__footer">{t('topUp.version', { version: WALLET_VERSION })}</footer>
      )}
    </div>
  );
}
