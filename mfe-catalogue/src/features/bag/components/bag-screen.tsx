import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'antd-mobile';
import { EmptyState, Money, PageHeader, toastFail } from '@marketplace/shared';
import type { Bag } from '@marketplace/shared/contracts';
import { useGetBagQuery, useRemoveBagItemsMutation, useSelectBagItemsMutation, useUpdateBagItemMutation } from '../api';
import { allSelected, checkoutUrl } from '../bag-rules';
import BagShopGroup from './bag-shop-group';
import SelectBox from './select-box';
import './bag-screen.css';

const BagContent = ({ bag }: { bag: Bag }) => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [selectBagItems] = useSelectBagItemsMutation();
  const [updateBagItem] = useUpdateBagItemMutation();
  const [removeBagItems] = useRemoveBagItemsMutation();
  // Failures are toasted by the base query; the bag on screen stays as the server last said.
  const quietly = (call: { unwrap: () => Promise<unknown> }) => void call.unwrap().catch(() => undefined);

  const checkout = () => {
    const url = checkoutUrl(bag);
    if (url === null) {
      toastFail({ key: 'catalogue:bag.selectFirst' });
      return;
    }
    navigate(url);
  };

  return (
    <>
      {bag.shops.map((shop) => (
        <BagShopGroup
          key={shop.shopId}
          shop={shop}
          onSelectShop={(selected) => quietly(selectBagItems({ selected, shopId: shop.shopId }))}
          onSelectItem={(itemId, selected) => quietly(selectBagItems({ selected, itemIds: [itemId] }))}
          onQuantity={(itemId, quantity) => quietly(updateBagItem({ itemId, quantity }))}
          onRemove={(itemId) => quietly(removeBagItems([itemId]))}
        />
      ))}
      <footer className="catalogue-bag__footer">
        <SelectBox checked={allSelected(bag)} onChange={(selected) => quietly(selectBagItems({ selected, all: true }))}>
          {t('bag.selectAll')}
        </SelectBox>
        <p className="catalogue-bag__total" aria-live="polite">
          {t('bag.total')}{' '}
          <strong>
            <Money cents={bag.selectedTotal} />
          </strong>
        </p>
        <Button color="danger" shape="rounded" onClick={checkout}>
          {t('bag.checkout', { count: bag.selectedCount })}
        </Button>
      </footer>
    </>
  );
};

/** `/bag`: the shopper's bag on the server, grouped by shop, with selection, quantities and checkout. */
export default function BagScreen() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const { data: bag, isLoading, isError, refetch } = useGetBagQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="catalogue-bag">
      <PageHeader title={t('title.bag')} hideBack />
      {isLoading ? (
        <div className="catalogue-bag__loading" role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : isError || !bag ? (
        <EmptyState title={t('bag.loadFailed')}>
          <Button color="primary" onClick={() => void refetch()}>
            {t('bag.retry')}
          </Button>
        </EmptyState>
      ) : bag.shops.length === 0 ? (
        <EmptyState title={t('bag.empty')} description={t('bag.emptyHint')}>
          <Button color="primary" onClick={() => navigate('/home')}>
            {t('bag.goShopping')}
          </Button>
        </EmptyState>
      ) : (
        <BagContent bag={bag} />
      )}
    </div>
  );
}
