import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { PageHeader } from '@marketplace/shared';
import { RECHARGE_METHODS } from '@marketplace/shared/contracts';
import { useGetBlockchainInfoQuery, useGetUserInfoQuery } from '../../wallet/api';
import { LinkList } from '../../wallet/link-list';
import { WALLET_VERSION } from '../build-version';
import { TOP_UP_METHOD_ICONS, TOP_UP_METHOD_ROUTES } from '../top-up-methods';
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
      <List header={t('topUp.chooseMethod')}>
        {RECHARGE_METHODS.map((method) => {
          const Icon = TOP_UP_METHOD_ICONS[method];
          return (
            // i18n-keys: topUp.methods.bank.text, topUp.methods.onChain.text, topUp.methods.card.text, topUp.methods.manual.text
            // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.card.title, topUp.methods.manual.title
            <List.Item
              key={method}
              prefix={<Icon aria-hidden="true" className="wallet-top-up__icon" />}
              description={t(`topUp.methods.${method}.text`)}
              arrow
            >
              <Link className="wallet-top-up__link" to={TOP_UP_METHOD_ROUTES[method]}>
                {t(`topUp.methods.${method}.title`)}
              </Link>
            </List.Item>
          );
        })}
      </List>
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
