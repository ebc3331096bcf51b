import { useTranslation } from 'react-i18next';
import { createdColumn, QueueScreen, useServerQueue } from './queue-kit';

interface Application {
  id: number;
  account: string;
  shopName: string;
  contact: string;
  note: string;
  createdAt: string;
}

/** Support: merchant applications, newest first (the seller platform takes them further). */
export default function MerchantsPage() {
  const { t, i18n } = useTranslation();
  const { queue } = useServerQueue<Application>('/api/admin/merchant_applications');
  return (
    <QueueScreen<Application>
      id="merchants"
      title={t('nav.merchants')}
      queue={queue}
      columns={[
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('merchants.shop'), dataIndex: 'shopName' },
        { title: t('merchants.contact'), dataIndex: 'contact' },
        { title: t('merchants.note'), dataIndex: 'note' },
        createdColumn(t('common.created'), i18n.language),
      ]}
    />
  );
}
