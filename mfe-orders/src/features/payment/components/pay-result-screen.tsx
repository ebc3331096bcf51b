import { useParams, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Result, Skeleton } from 'antd-mobile';
import { links, Money, PageHeader } from '@marketplace/shared';
import { OrderStatus, type OrderDetail } from '@marketplace/shared/contracts';
import { useGetOrderDetailQuery } from '../../orders';
import { useGetUserInfoQuery } from '../api';
import './pay-result.css';

/** `/payResult/1,2`: the order ids; at most a checkout's worth. */
const idsOf = (param: string | undefined): number[] =>
  (param ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, 20);

const unpaid = (order: OrderDetail) =>
  order.status === OrderStatus.WAITING_PAY || order.status === OrderStatus.CANCELLED;

/** One paid order: its number, its shop and what it cost. */
const PaidOrder = ({ id }: { id: number }) => {
  const { t } = useTranslation('orders');
  const { data } = useGetOrderDetailQuery(id);
  if (!data) return <Skeleton.Paragraph lineCount={1} animated />;
  return (
    <li className="pay-result__order">
      <span>{t('card.orderNo', { orderNo: data.orderNo })}</span>
      <span className="pay-result__shop">{data.shopName}</span>
      <Money cents={data.total} />
    </li>
  );
};

/**
 * After paying (requirements §7: "Pay Success" / "Pay Fail"): which orders, the amount, the balance left
 * and what comes next (the shop ships them), with the next steps: view the order, keep shopping.
 */
export default function PayResultScreen() {
  const { t } = useTranslation(['orders', 'errors']);
  const navigate = useNavigate();
  const ids = idsOf(useParams().ids);
  // Read again: the payment has just changed it.
  const { data: user } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const first = useGetOrderDetailQuery(ids[0] ?? 0, { skip: ids.length === 0 });
  const failed = ids.length === 0 || first.isError || (first.data !== undefined && unpaid(first.data));
  const viewOrder = () =>
    navigate(ids.length === 1 ? links.order(ids[0] ?? 0) : links.orders(OrderStatus.WAITING_DELIVERY), {
      replace: true,
    });
  return (
    <div className="pay-result">
      <PageHeader title={t('title.payResult')} />
      <Result
        status={failed ? 'error' : first.data ? 'success' : 'waiting'}
        title={<h2 className="pay-result__title">{t(failed ? 'errors:err.payFail' : 'errors:ok.orders.pay')}</h2>}
        description={failed ? t('payResult.failNext') : t('payResult.next')}
      />
      {!failed && (
        <section className="pay-result__card" aria-label={t('payResult.summary')}>
          <ul className="pay-result__orders">
            {ids.map((id) => (
              <PaidOrder key={id} id={id} />
            ))}
          </ul>
          {user && (
            <p className="pay-result__line">
              <span>{t('payResult.balanceLeft')}</span>
              <Money cents={user.balance} />
            </p>
          )}
        </section>
      )}
      <div className="pay-result__actions">
        <Button block color="primary" onClick={viewOrder}>
          {t(ids.length > 1 ? 'payResult.viewOrders' : 'payResult.viewOrder')}
        </Button>
        <Button block fill="outline" onClick={() => navigate(links.homeTab(), { replace: true })}>
          {t('payResult.keepShopping')}
        </Button>
      </div>
    </div>
  );
}
