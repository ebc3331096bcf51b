import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { LANGUAGES } from '@marketplace/shared/contracts/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

interface Profile {
  id: number;
  name: string;
  descriptions: Record<string, string>;
  logo: string | null;
  banner: string | null;
}

/** English first (what a shopper reads when their language has no description), then the rest. */
const ordered = (descriptions: Record<string, string>) =>
  ['en', ...Object.keys(descriptions).filter((code) => code !== 'en')].map((language) => ({
    language,
    text: descriptions[language] ?? '',
  }));

/** One picture of the shop (logo or banner): what shoppers see now, and a button to upload another. */
function PictureField({
  kind,
  url,
  onUploaded,
}: {
  kind: 'logo' | 'banner';
  url: string | null;
  onUploaded: (p: Profile) => void;
}) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  // i18n-keys: shop.logo, shop.banner, shop.logoCurrent, shop.bannerCurrent
  return (
    <Space direction="vertical">
      <Typography.Text strong>{t(`shop.${kind}`)}</Typography.Text>
      {url ? (
        <img
          src={url}
          alt={t(`shop.${kind}Current`)}
          style={{ maxWidth: kind === 'logo' ? 96 : '100%', maxHeight: 160 }}
        />
      ) : (
        <Typography.Text type="secondary">{t('shop.noPicture')}</Typography.Text>
      )}
      <Upload
        accept="image/png,image/jpeg,image/webp,image/gif"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          api.upload<Profile>(`/api/seller/shop/picture?kind=${kind}`, file as Blob).then(
            (profile) => {
              onUploaded(profile);
              void message.success(t('shop.pictureSaved'));
              onSuccess?.(profile);
            },
            (failure: Error) => {
              void message.error(failure.message);
              onError?.(failure);
            },
          );
        }}
      >
        <Button>{t(`shop.upload${kind === 'logo' ? 'Logo' : 'Banner'}`)}</Button>
      </Upload>
    </Space>
  );
}

/** The shop profile shoppers see on the shop page: name, description per language, logo and banner. */
export default function ShopPage() {
  const { t, i18n } = useTranslation();
  const { api, can } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; descriptions: { language: string; text: string }[] }>();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [busy, setBusy] = useState(false);
  const show = useCallback(
    (next: Profile) => {
      setProfile(next);
      form.setFieldsValue({ name: next.name, descriptions: ordered(next.descriptions) });
    },
    [form],
  );
  useEffect(() => {
    void api.get<Profile>('/api/seller/shop').then(show);
  }, [api, show]);
  const editable = can('listings');
  const label = (code: string) => {
    const language = LANGUAGES.find((candidate) => candidate.file_name === code);
    return language ? (i18n.language === 'zh-cn' ? language.chinese_name : language.language_name) : code;
  };

  const save = async (values: { name: string; descriptions: { language: string; text: string }[] }) => {
    setBusy(true);
    try {
      const descriptions = Object.fromEntries(values.descriptions.map((entry) => [entry.language, entry.text ?? '']));
      show(await api.post<Profile>('/api/seller/shop/profile', { name: values.name, descriptions }));
      void message.success(t('shop.saved'));
    } catch (failure) {
      void message.error((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!profile) return <div role="status">{t('common.loading')}</div>;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('nav.shop')}
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" name="shop-profile" onFinish={save} disabled={!editable}>
          <Form.Item
            label={t('shop.name')}
            name="name"
            rules={[{ required: true, whitespace: true, max: 100, message: t('shop.nameRequired') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.List name="descriptions">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => {
                  const code = form.getFieldValue(['descriptions', field.name, 'language']) as string;
                  return (
                    <Form.Item key={field.key} label={t('shop.descriptionIn', { language: label(code) })}>
                      <Space.Compact block>
                        <Form.Item name={[field.name, 'text']} noStyle>
                          <Input.TextArea
                            rows={3}
                            maxLength={2000}
                            aria-label={t('shop.descriptionIn', { language: label(code) })}
                          />
                        </Form.Item>
                        {code !== 'en' && (
                          <Button onClick={() => remove(field.name)}>
                            {t('shop.removeLanguage', { language: label(code) })}
                          </Button>
                        )}
                      </Space.Compact>
                    </Form.Item>
                  );
                })}
                <Form.Item label={t('shop.addLanguage')}>
                  <Select
                    aria-label={t('shop.addLanguage')}
                    placeholder={t('shop.chooseLanguage')}
                    value={null}
                    showSearch
                    optionFilterProp="label"
                    options={LANGUAGES.filter(
                      (language) =>
                        !(form.getFieldValue('descriptions') as { language: string }[] | undefined)?.some(
                          (entry) => entry.language === language.file_name,
                        ),
                    ).map((language) => ({ value: language.file_name, label: label(language.file_name) }))}
                    onChange={(code: string) => add({ language: code, text: '' })}
                  />
                </Form.Item>
              </>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('shop.save')}
          </Button>
        </Form>
      </Card>
      {editable && (
        <Card>
          <Space wrap size="large" align="start">
            <PictureField kind="logo" url={profile.logo} onUploaded={show} />
            <PictureField kind="banner" url={profile.banner} onUploaded={show} />
          </Space>
        </Card>
      )}
    </Space>
  );
}
