import { links } from '@marketplace/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShopSupport } from '../hooks/use-shop-support';

/** Support the shop today, or complain about it (the complaint form opens with the shop filled in). */
export const ShopSupportActions = ({ shopId, shopName }: { shopId: number; shopName: string }) => {
  const { t } = useTranslation('catalogue');
  const { supportedToday, support, busy } = useShopSupport(shopId);
  const complaint = `${links.complaint()}?${new URLSearchParams({ shopId: String(shopId), shopName }).toString()}`;
  return (
    <div className="catalogue-shop__actions">
      <Button
        size="small"
        color="primary"
        fill={supportedToday ? 'outline' : 'solid'}
        disabled={supportedToday}
        loading={busy}
        onClick={() => void support()}
      >
        {supportedToday ? t('shop.supportedToday') : t('shop.support')}
      </Button>
      <Link to={complaint}>{t('shop.complaint')}</Link>
    </div>
  );
};
