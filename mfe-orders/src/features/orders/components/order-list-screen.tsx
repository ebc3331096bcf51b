import { useCallback, useState } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, NamedTabs, PageHeader, PagedList, usePageLoader } from '@marketplace/shared';
import { isOrderStatusTab, ORDER_STATUS_TABS, type OrderSummary } from '@marketplace/shared/contracts';
import { ordersApi } from '../api';
import OrderCard from './order-card';
import './order-list-screen.css';

const PAGE_SIZE = 10;

/** `/myPurchases/:status?` and `/order`: the order list with one tab per status; the URL holds the tab. */
export default function OrderListScreen() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { status: param } = useParams();
  // The heading says what the route's title (the browser tab) says.
  const onOrderRoute = useMatch('/order') !== null;
  const status = isOrderStatusTab(param) ? param : 'all';
  const listOrders = usePageLoader(ordersApi.endpoints.listOrders);
  // Bumped after an action on a card: the list starts again, since the order may have left this tab.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const loadPage = useCallback(
    (page: number) => listOrders({ status, page, pageSize: PAGE_SIZE }),
    [listOrders, status],
  );

  return (
    <div>
      <PageHeader title={onOrderRoute ? t('title.order') : t('title.myPurchases')} />
      <div className="orders-tabs">
        <NamedTabs
          label={t('detail.status')}
          // i18n-keys: tabs.all, tabs.0, tabs.1, tabs.2, tabs.3, tabs.4, tabs.-1, tabs.-3, tabs.-2, tabs.-4
          tabs={ORDER_STATUS_TABS.map((key) => ({ key, title: t(`tabs.${key}`) }))}
          activeKey={status}
          onChange={(key) => navigate(`/myPurchases/${key}`, { replace: true })}
        >
          {/* Keyed by status so a tab change starts again from page 1. */}
          <PagedList<OrderSummary>
            key={`${status}-${version}`}
            loadPage={loadPage}
            pageSize={PAGE_SIZE}
            renderItem={(order) => <OrderCard order={order} onChanged={reload} />}
            itemKey={(order) => order.id}
            label={t('title.myPurchases')}
            empty={<EmptyState title={t('empty')} />}
          />
        </NamedTabs>
      </div>
    </div>
  );
}
