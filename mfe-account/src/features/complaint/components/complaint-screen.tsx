import { textOf, toastSuccess, useGoBack } from '@marketplace/shared';
import { complaintBody, MAX_COMPLAINT_CONTENT, MAX_COMPLAINT_SHOP_NAME } from '@marketplace/shared/contracts';
import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AccountForm, useAccountForm, AccountPage } from '../../layout';
import { useSubmitComplaintMutation } from '../api';

/** A shop id from the query string, or undefined for anything that is not one. */
const shopIdOf = (value: string | null): number | undefined =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * `/complaint?shopId=&shopName=`: a complaint about a shop or business. Both fields are required
 * (requirements §8.2); opened from a shop page, the shop comes filled in.
 */
export const ComplaintScreen = () => {
  const { t } = useTranslation('account');
  const goBack = useGoBack();
  const { sendForm, formProps } = useAccountForm();
  const [params] = useSearchParams();
  const [submitComplaint] = useSubmitComplaintMutation();
  const prefilledName = params.get('shopName') ?? '';
  const prefilledId = shopIdOf(params.get('shopId'));

  const submit = async (values: Record<string, unknown>) => {
    const shopName = textOf(values.shopName);
    // The shop id only belongs to the complaint while the name is still the shop's own.
    const shopId = prefilledId !== undefined && shopName.trim() === prefilledName.trim() ? prefilledId : undefined;
    const sent = await sendForm(complaintBody, submitComplaint, { shopId, shopName, content: textOf(values.content) });
    if (!sent) return;
    toastSuccess(sent.data.msg || { key: 'errors:ok.community.complaint' });
    goBack();
  };

  return (
    <AccountPage title={t('title.complaint')}>
      <p className="account-note">{t('complaint.intro')}</p>
      <AccountForm
        {...formProps}
        name="complaint"
        initialValues={{ shopName: prefilledName }}
        onFinish={submit}
        submitLabel={t('complaint.submit')}
      >
        <Form.Item name="shopName" label={t('complaint.shopName')}>
          <Input placeholder={t('complaint.shopNamePlaceholder')} maxLength={MAX_COMPLAINT_SHOP_NAME} clearable />
        </Form.Item>
        <Form.Item name="content" label={t('complaint.content')}>
          <TextArea
            placeholder={t('complaint.contentPlaceholder')}
            maxLength={MAX_COMPLAINT_CONTENT}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
          />
        </Form.Item>
      </AccountForm>
    </AccountPage>
  );
};
