import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { PageHeader } from '@marketplace/shared';
import { TopUpMethodList, WalletBalance } from '../../top-up';
import { useGetUserInfoQuery, LinkList } from '../../wallet';
import '../../top-up/components/top-up-screen.css';

/** `/payment`: how the shopper pays (the balance with the payment code) and the ways to fill it. */
export default function PaymentScreen() {
  const { t } = useTranslation('wallet');
  const { data: user } = useGetUserInfoQuery();
  return (
    <div className="wallet-top-up">
      <PageHeader title={t('title.payment')} />
      <WalletBalance headingId="payment-balance" cents={user?.balance ?? 0} />
      <List header={t('payment.payWith')}>
        <List.Item description={t(user?.hasPaymentCode ? 'payment.codeSet' : 'payment.codeNotSet')} arrow>
          <Link className="wallet-top-up__link" to="/changePayPwd">
            {t('payment.paymentCode')}
          </Link>
        </List.Item>
      </List>
      <TopUpMethodList header={t('payment.topUpWith')} />
      <LinkList
        links={[
          ['/withDraw', 'payment.withdraw'],
          ['/topUpRecord', 'title.topUpRecord'],
          ['/depositRecord', 'title.depositRecord'],
          ['/capitalRecord', 'title.capitalRecord'],
        ]}
      />
    </div>
  );
}
