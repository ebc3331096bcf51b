import { EmptyState, mergeBackData, toastSuccess, useAppDispatch, useGoBack } from '@marketplace/shared';
import type { Address } from '@marketplace/shared/contracts';
import { Button, Dialog, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { useDeleteAddressMutation, useListAddressesQuery, useSetDefaultAddressMutation } from '../api';
import { CHOSEN_ADDRESS_KEY } from '../chosen-address';
import './address.css';

const AddressText = ({ address }: { address: Address }) => {
  const { t } = useTranslation('account');
  return (
    <span className="address-card__text">
      <span className="address-card__name">
        {address.addressee} <span className="address-card__phone">{address.mobilePhone}</span>
      </span>
      <span className="address-card__line">
        {address.area} {address.detailedAddress}
      </span>
      <span className="address-card__tags">
        <Tag color="primary" fill="outline">
          {address.tag}
        </Tag>
        {address.isDefault && <Tag color="danger">{t('address.default')}</Tag>}
      </span>
    </span>
  );
};

/**
 * `/address`: the shopper's addresses. Opened from checkout with `?select=1`, tapping an address
 * hands its id back (session backData) and returns there.
 */
export const AddressListScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const selecting = params.get('select') === '1';
  const { data: addresses, isLoading } = useListAddressesQuery();
  const [setDefault] = useSetDefaultAddressMutation();
  const [deleteAddress] = useDeleteAddressMutation();

  const choose = (address: Address) => {
    dispatch(mergeBackData({ [CHOSEN_ADDRESS_KEY]: address.id }));
    goBack();
  };

  const remove = async (address: Address) => {
    const question = t('address.deleteConfirm', { addressee: address.addressee });
    const confirmed = await Dialog.confirm({
      'aria-label': question,
      content: question,
      confirmText: t('address.delete'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    const result = await deleteAddress(address.id);
    if (!result.error) toastSuccess(result.data.msg || { key: 'account:address.deleted' });
  };

  const makeDefault = async (address: Address) => {
    const result = await setDefault(address.id);
    if (!result.error) toastSuccess({ key: 'errors:ok.setting' });
  };

  return (
    <AccountPage title={t('title.address')}>
      {selecting && <p className="account-note">{t('address.selectHint')}</p>}
      {!isLoading && addresses?.length === 0 && (
        <EmptyState title={t('address.empty')} description={t('address.emptyHint')} />
      )}
      <ul className="address-list" aria-label={t('title.address')}>
        {(addresses ?? []).map((address) => (
          <li key={address.id}>
            <article className="address-card" aria-label={t('address.cardLabel', { addressee: address.addressee })}>
              {selecting ? (
                <button
                  type="button"
                  className="address-card__choose account-plain-button"
                  aria-label={t('address.choose', { addressee: address.addressee })}
                  onClick={() => choose(address)}
                >
                  <AddressText address={address} />
                </button>
              ) : (
                <AddressText address={address} />
              )}
              <div className="address-card__actions">
                {!address.isDefault && (
                  <Button size="mini" fill="none" color="primary" onClick={() => void makeDefault(address)}>
                    {t('address.setDefault')}
                  </Button>
                )}
                <Link className="address-card__link" to={`/addressForm/${address.id}`}>
                  {t('address.edit')}
                </Link>
                <Button size="mini" fill="none" color="danger" onClick={() => void remove(address)}>
                  {t('address.delete')}
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="address-add">
        <Button block color="primary" size="large" onClick={() => navigate('/addressForm')}>
          {t('address.add')}
        </Button>
      </div>
    </AccountPage>
  );
};
