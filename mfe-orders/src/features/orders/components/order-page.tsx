import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader, Spinner } from '@marketplace/shared';
import type { OrderDetail } from '@marketplace/shared/contracts';
import { useGetOrderDetailQuery } from '../api';

/** The order id an address names: a positive whole number, else null. */
export const orderIdOf = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

interface OrderPageProps {
  /** The page's class. */
  className: string;
  title: string;
  /** The order's id from the address (null when it names none). */
  id: number | null;
  /** A failed load offers to try again (the detail screen); else it only says the order was not found. */
  retry?: boolean;
  /** The page's content for the loaded order. */
  children: (order: OrderDetail) => ReactNode;
}

/** A screen about one order: its header, then the order once loaded, a spinner until then, "not found" for none. */
export function OrderPage({ className, title, id, retry = false, children }: OrderPageProps) {
  const { t } = useTranslation('orders');
  const { data, isLoading, isError, refetch } = useGetOrderDetailQuery(id ?? 0, { skip: id === null });
  return (
    <div className={className}>
      <PageHeader title={title} />
      {(id === null || (isError && !retry)) && <ErrorPanel title={t('detail.notFound')} />}
      {isLoading && (
        <div role="status" aria-label={t('detail.loading')}>
          <Spinner />
        </div>
      )}
      {isError && retry && <ErrorPanel title={t('detail.notFound')} onRetry={() => void refetch()} />}
      {data && children(data)}
    </div>
  );
}
