import { Spinner, textOf, toastFail, toastSuccess, useGoBack, useScreenTitle } from '@marketplace/shared';
import { addressBody, type Address } from '@marketplace/shared/contracts';
import { Form, Input, Switch, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AccountForm, useAccountForm, AccountPage } from '../../layout';
import { useGetAddressQuery, useSaveAddressMutation } from '../api';

const parseId = (value: string | undefined): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

interface AddressFormProps {
  address: Address | null;
}

const AddressForm = ({ address }: AddressFormProps) => {
  const { t } = useTranslation('account');
  const goBack = useGoBack();
  const { sendForm, formProps } = useAccountForm();
  const [saveAddress] = useSaveAddressMutation();

  const submit = async (values: Record<string, unknown>) => {
    const fields = {
      addressee: textOf(values.addressee).trim(),
      mobilePhone: textOf(values.mobilePhone).trim(),
      area: textOf(values.area).trim(),
      detailedAddress: textOf(values.detailedAddress).trim(),
      tag: textOf(values.tag).trim(),
    };
    // Requirements §3.5 has one combined text for any missing required field.
    if (Object.values(fields).some((value) => !value)) {
      toastFail({ key: 'account:address.fillRequired' });
      return;
    }
    const sent = await sendForm(addressBody, saveAddress, {
      ...(address ? { id: address.id } : {}),
      ...fields,
      isDefault: values.isDefault === true,
    });
    if (!sent) return;
    toastSuccess(sent.data.msg || { key: 'errors:ok.save' });
    // Back through the history, so a list opened from checkout (`?select=1`) keeps choosing.
    goBack();
  };

  return (
    <AccountForm
      {...formProps}
      name="address"
      initialValues={{
        addressee: address?.addressee ?? '',
        mobilePhone: address?.mobilePhone ?? '',
        area: address?.area ?? '',
        detailedAddress: address?.detailedAddress ?? '',
        tag: address?.tag ?? '',
        isDefault: address?.isDefault ?? false,
      }}
      onFinish={submit}
      submitLabel={t('action.save')}
    >
      <Form.Item name="addressee" label={t('address.field.addressee')}>
        <Input placeholder={t('address.placeholder.addressee')} autoComplete="name" clearable />
      </Form.Item>
      <Form.Item name="mobilePhone" label={t('address.field.mobilePhone')}>
        <Input type="tel" inputMode="tel" placeholder={t('placeholder.mobile')} autoComplete="tel" clearable />
      </Form.Item>
      <Form.Item name="area" label={t('address.field.area')}>
        <Input placeholder={t('address.placeholder.area')} autoComplete="address-level1" clearable />
      </Form.Item>
      <Form.Item name="detailedAddress" label={t('address.field.detailedAddress')}>
        <TextArea placeholder={t('address.placeholder.detailedAddress')} autoComplete="street-address" autoSize />
      </Form.Item>
      <Form.Item name="tag" label={t('address.field.tag')}>
        <Input placeholder={t('address.placeholder.tag')} clearable />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('address.field.isDefault')}
        valuePropName="checked"
        childElementPosition="right"
      >
        <Switch aria-label={t('address.field.isDefault')} />
      </Form.Item>
    </AccountForm>
  );
};

/** `/addressForm/:id?`: add an address, or edit the one with that id. */
export const AddressFormScreen = () => {
  const { t } = useTranslation('account');
  const id = parseId(useParams().id);
  const { data, isLoading, isError } = useGetAddressQuery(id ?? 0, { skip: id === null });
  const editing = id !== null;
  // The browser tab says "Edit address" too, not the route's "New address".
  useScreenTitle(editing ? 'account:title.addressEdit' : null);

  return (
    <AccountPage title={t(editing ? 'title.addressEdit' : 'title.addressForm')}>
      {editing && isLoading && <Spinner aria-label={t('address.loading')} />}
      {editing && isError && <p className="account-note">{t('address.notFound')}</p>}
      {(!editing || data) && <AddressForm key={data?.id ?? 'new'} address={data ?? null} />}
    </AccountPage>
  );
};
