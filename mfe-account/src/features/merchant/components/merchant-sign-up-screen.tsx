import { optionalText, textOf, toastSuccess } from '@marketplace/shared';
import { merchantApplyBody } from '@marketplace/shared/contracts';
import { Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountForm, useAccountForm, AccountPage } from '../../layout';
import { useApplyMerchantMutation, useGetMerchantSignupQuery } from '../api';
import './merchant.css';

/** Only a web address is ever opened, never e.g. a `javascript:` URL from a misconfigured server. */
const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * `/merchantSignUp`: a shopper applies to sell. The application is recorded ("Application
 * successful"), then the separate seller platform opens in a new tab; a link stays on the page
 * in case the browser blocked the new tab.
 */
export const MerchantSignUpScreen = () => {
  const { t } = useTranslation('account');
  const { sendForm, formProps } = useAccountForm();
  const { data: signup } = useGetMerchantSignupQuery();
  const [applyMerchant] = useApplyMerchantMutation();
  const [applied, setApplied] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(merchantApplyBody, applyMerchant, {
      shopName: textOf(values.shopName),
      contact: textOf(values.contact),
      note: optionalText(values.note),
    });
    if (!sent) return;
    const platformUrl = sent.data.data.url || signup?.url;
    toastSuccess(sent.data.msg || { key: 'errors:ok.community.apply' });
    setApplied(true);
    if (isWebUrl(platformUrl)) window.open(platformUrl, '_blank', 'noopener,noreferrer');
  };

  return (
    <AccountPage title={t('title.merchantSignUp')}>
      <section className="merchant-intro" aria-labelledby="merchant-intro-heading">
        <h2 id="merchant-intro-heading">{t('merchant.heading')}</h2>
        <p>{t('merchant.intro')}</p>
      </section>
      {applied ? (
        <section className="merchant-done" role="status" aria-label={t('merchant.appliedTitle')}>
          <h2>{t('merchant.appliedTitle')}</h2>
          <p>{t('merchant.applied')}</p>
        </section>
      ) : (
        <AccountForm {...formProps} name="merchantSignUp" onFinish={submit} submitLabel={t('merchant.submit')}>
          <Form.Item name="shopName" label={t('merchant.shopName')}>
            <Input placeholder={t('merchant.shopNamePlaceholder')} maxLength={100} clearable />
          </Form.Item>
          <Form.Item name="contact" label={t('merchant.contact')}>
            <Input placeholder={t('merchant.contactPlaceholder')} maxLength={100} clearable />
          </Form.Item>
          <Form.Item name="note" label={t('merchant.note')}>
            <TextArea
              placeholder={t('field.optional')}
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
            />
          </Form.Item>
        </AccountForm>
      )}
      {isWebUrl(signup?.url) && (
        <p className="merchant-platform">
          <a href={signup.url} target="_blank" rel="noopener noreferrer">
            {t('merchant.openPlatform')}
          </a>
        </p>
      )}
    </AccountPage>
  );
};
