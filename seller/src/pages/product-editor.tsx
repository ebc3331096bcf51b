import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Input, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { LANGUAGES, parseMoney, PRODUCT_CATEGORIES, type ProductCategory } from '@marketplace/shared/contracts/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../session';
import type { ListingStatus } from './products';

/** What the server answers for one listing (docs/decisions/0012-variants-and-stock.md). */
interface Listing {
  id: number;
  status: ListingStatus;
  titles: Record<string, string>;
  descriptions: Record<string, string>;
  category: ProductCategory;
  specs: { name: string; options: string[] }[];
  variants: { spec: Record<string, string>; unitPrice: number; stock: number }[];
  pictures: Picture[];
}
interface Picture {
  id: string;
  url: string;
}
interface Text {
  language: string;
  title: string;
  description: string;
}
interface Option {
  name: string;
  values: string[];
}
/** A variant's price as typed (dollars) and its stock as typed. */
interface VariantInput {
  price: string;
  stock: string;
}

const MAX_OPTIONS = 3;
const MAX_PICTURES = 9;

/** The options that count: named, with at least one value. */
const usable = (options: Option[]) => options.filter((option) => option.name.trim() !== '' && option.values.length > 0);

/** Every combination of the options' values (one row with no spec when there are no options). */
const combinations = (options: Option[]): Record<string, string>[] =>
  usable(options).reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name.trim()]: value }))),
    [{}],
  );
const keyOf = (spec: Record<string, string>) => JSON.stringify(Object.entries(spec).sort());
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A listing's editor: texts per language, category, options, a price and stock per variant, pictures, status. */
export default function ProductEditorPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = idParam === 'new' || idParam === undefined ? null : Number(idParam);
  const [loaded, setLoaded] = useState(id === null);
  const [texts, setTexts] = useState<Text[]>([{ language: 'en', title: '', description: '' }]);
  const [category, setCategory] = useState<ProductCategory | undefined>(undefined);
  const [options, setOptions] = useState<Option[]>([]);
  const [inputs, setInputs] = useState<Record<string, VariantInput>>({});
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [status, setStatus] = useState<ListingStatus>('draft');
  const [savedStatus, setSavedStatus] = useState<ListingStatus>('draft');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(0);

  const show = (listing: Listing) => {
    const languages = ['en', ...Object.keys(listing.titles).filter((code) => code !== 'en')];
    setTexts(
      languages.map((language) => ({
        language,
        title: listing.titles[language] ?? '',
        description: listing.descriptions[language] ?? '',
      })),
    );
    setCategory(listing.category);
    setOptions(listing.specs.map((spec) => ({ name: spec.name, values: spec.options })));
    setInputs(
      Object.fromEntries(
        listing.variants.map((variant) => [
          keyOf(variant.spec),
          { price: dollars(variant.unitPrice), stock: String(variant.stock) },
        ]),
      ),
    );
    setPictures(listing.pictures);
    setStatus(listing.status);
    setSavedStatus(listing.status);
    setLoaded(true);
  };
  useEffect(() => {
    if (id !== null) void api.get<Listing>('/api/seller/product', { id }).then(show);
  }, [api, id]);

  const languageName = (code: string) => {
    const language = LANGUAGES.find((candidate) => candidate.file_name === code);
    return language ? (i18n.language === 'zh-cn' ? language.chinese_name : language.language_name) : code;
  };
  const combos = useMemo(() => combinations(options), [options]);
  const specText = (spec: Record<string, string>) => Object.values(spec).join(' / ') || t('editor.allVariants');
  const inputOf = (spec: Record<string, string>): VariantInput => inputs[keyOf(spec)] ?? { price: '', stock: '0' };
  const setInput = (spec: Record<string, string>, change: Partial<VariantInput>) =>
    setInputs((current) => ({ ...current, [keyOf(spec)]: { ...inputOf(spec), ...change } }));
  const setText = (index: number, change: Partial<Text>) =>
    setTexts((current) => current.map((text, n) => (n === index ? { ...text, ...change } : text)));
  const setOption = (index: number, change: Partial<Option>) =>
    setOptions((current) => current.map((option, n) => (n === index ? { ...option, ...change } : option)));
  const move = (index: number) =>
    setPictures((current) => {
      const next = [...current];
      [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
      return next;
    });

  const save = async () => {
    const english = texts.find((text) => text.language === 'en');
    if (!english?.title.trim()) return void message.error(t('editor.titleRequired'));
    if (!category) return void message.error(t('editor.categoryRequired'));
    const variants = [];
    for (const spec of combos) {
      const input = inputOf(spec);
      const unitPrice = parseMoney(input.price);
      const stock = /^\d{1,7}$/.test(input.stock.trim()) ? Number(input.stock) : null;
      if (unitPrice === null || stock === null) {
        return void message.error(t('editor.variantRequired', { variant: specText(spec) }));
      }
      variants.push({ spec, unitPrice, stock });
    }
    const body = {
      titles: Object.fromEntries(
        texts.filter((text) => text.title.trim() !== '').map((text) => [text.language, text.title]),
      ),
      descriptions: Object.fromEntries(texts.map((text) => [text.language, text.description])),
      category,
      specs: usable(options).map((option) => ({ name: option.name.trim(), options: option.values })),
      variants,
      pictures: pictures.map((picture) => picture.id),
    };
    setBusy(true);
    try {
      if (id === null) {
        const created = await api.post<Listing>('/api/seller/product/create', { ...body, status });
        void message.success(t('products.saved'));
        void navigate(`/products/${created.id}`, { replace: true });
        show(created);
      } else {
        let saved = await api.post<Listing>('/api/seller/product/edit', { id, ...body });
        if (status !== savedStatus && status !== 'draft') {
          saved = await api.post<Listing>('/api/seller/product/status', { id, status });
        }
        show(saved);
        void message.success(t('products.saved'));
      }
    } catch (failure) {
      void message.error((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!loaded) return <div role="status">{t('common.loading')}</div>;
  const h2 = (key: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{t(key)}</h2>;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t(id === null ? 'editor.newTitle' : 'editor.editTitle')}
      </Typography.Title>

      <Card title={h2('editor.texts')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {texts.map((text, index) => {
            const language = languageName(text.language);
            return (
              <Space key={text.language} direction="vertical" style={{ width: '100%' }}>
                <label>
                  <Typography.Text strong>{t('editor.titleIn', { language })}</Typography.Text>
                  <Input
                    value={text.title}
                    maxLength={120}
                    onChange={(event) => setText(index, { title: event.target.value })}
                  />
                </label>
                <label>
                  <Typography.Text>{t('editor.descriptionIn', { language })}</Typography.Text>
                  <Input.TextArea
                    rows={3}
                    maxLength={2000}
                    value={text.description}
                    onChange={(event) => setText(index, { description: event.target.value })}
                  />
                </label>
                {text.language !== 'en' && (
                  <Button onClick={() => setTexts((current) => current.filter((_, n) => n !== index))}>
                    {t('editor.removeLanguage', { language })}
                  </Button>
                )}
              </Space>
            );
          })}
          <Select
            aria-label={t('editor.addLanguage')}
            placeholder={t('editor.addLanguage')}
            value={null}
            showSearch
            optionFilterProp="label"
            style={{ width: '100%', maxWidth: 320 }}
            options={LANGUAGES.filter((language) => !texts.some((text) => text.language === language.file_name)).map(
              (language) => ({ value: language.file_name, label: languageName(language.file_name) }),
            )}
            onChange={(code: string) =>
              setTexts((current) => [...current, { language: code, title: '', description: '' }])
            }
          />
        </Space>
      </Card>

      <Card title={h2('editor.category')}>
        {/* i18n-keys: category.computer, category.electrical, category.outdoors, category.familyLife, category.health, category.menClothing, category.womenClothing, category.food, category.mobilePhone, category.toys */}
        <Select
          aria-label={t('editor.category')}
          placeholder={t('editor.chooseCategory')}
          value={category}
          showSearch
          optionFilterProp="label"
          style={{ width: '100%', maxWidth: 320 }}
          onChange={setCategory}
          options={PRODUCT_CATEGORIES.map((key) => ({ value: key, label: t(`category.${key}`) }))}
        />
      </Card>

      <Card title={h2('editor.options')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('editor.optionsHint')}</Typography.Text>
          {options.map((option, index) => (
            <Space key={index} wrap align="end" style={{ width: '100%' }}>
              <label>
                <Typography.Text>{t('editor.optionName', { n: index + 1 })}</Typography.Text>
                <Input
                  value={option.name}
                  maxLength={30}
                  style={{ width: 160 }}
                  onChange={(event) => setOption(index, { name: event.target.value })}
                />
              </label>
              <div>
                <Typography.Text id={`option-values-${index}`}>
                  {t('editor.optionValues', { n: index + 1 })}
                </Typography.Text>
                <Select
                  mode="tags"
                  aria-labelledby={`option-values-${index}`}
                  value={option.values}
                  tokenSeparators={[',']}
                  notFoundContent={null}
                  suffixIcon={null}
                  style={{ minWidth: 200 }}
                  onChange={(values: string[]) =>
                    setOption(index, {
                      values: [...new Set(values.map((value) => value.trim().slice(0, 30)).filter(Boolean))],
                    })
                  }
                />
              </div>
              <Button onClick={() => setOptions((current) => current.filter((_, n) => n !== index))}>
                {t('editor.removeOption', { n: index + 1 })}
              </Button>
            </Space>
          ))}
          {options.length < MAX_OPTIONS && (
            <Button onClick={() => setOptions((current) => [...current, { name: '', values: [] }])}>
              {t('editor.addOption')}
            </Button>
          )}
        </Space>
      </Card>

      <Card title={h2('editor.variants')}>
        <Table<Record<string, string>>
          rowKey={keyOf}
          dataSource={combos}
          pagination={false}
          scroll={{ x: true }}
          size="small"
          columns={[
            { title: t('editor.variant'), key: 'variant', render: (_v, spec) => specText(spec) },
            {
              title: t('editor.price'),
              key: 'price',
              render: (_v, spec) => (
                <Input
                  inputMode="decimal"
                  aria-label={t('editor.priceOf', { variant: specText(spec) })}
                  value={inputOf(spec).price}
                  placeholder="0.00"
                  style={{ width: 110 }}
                  onChange={(event) => setInput(spec, { price: event.target.value })}
                />
              ),
            },
            {
              title: t('editor.stock'),
              key: 'stock',
              render: (_v, spec) => (
                <Input
                  inputMode="numeric"
                  aria-label={t('editor.stockOf', { variant: specText(spec) })}
                  value={inputOf(spec).stock}
                  style={{ width: 90 }}
                  onChange={(event) => setInput(spec, { stock: event.target.value })}
                />
              ),
            },
          ]}
        />
      </Card>

      <Card title={h2('editor.pictures')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('editor.picturesHint')}</Typography.Text>
          <ol style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', padding: 0, margin: 0 }}>
            {pictures.map((picture, index) => (
              <li key={picture.id} style={{ width: 104 }}>
                <img
                  src={`${picture.url}?w=160`}
                  alt={t(index === 0 ? 'editor.cover' : 'editor.pictureN', { n: index + 1 })}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 4 }}
                />
                <Space size={4} wrap>
                  {index > 0 && (
                    <Button size="small" onClick={() => move(index)}>
                      {t('editor.moveEarlier', { n: index + 1 })}
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    onClick={() => setPictures((current) => current.filter((other) => other.id !== picture.id))}
                  >
                    {t('editor.removePicture', { n: index + 1 })}
                  </Button>
                </Space>
              </li>
            ))}
          </ol>
          <Upload
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            showUploadList={false}
            disabled={pictures.length + uploading >= MAX_PICTURES}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading((count) => count + 1);
              api
                .upload<Picture>('/api/seller/product/picture', file as Blob)
                .then(
                  (picture) => {
                    setPictures((current) => (current.length < MAX_PICTURES ? [...current, picture] : current));
                    onSuccess?.(picture);
                  },
                  (failure: Error) => {
                    void message.error(failure.message);
                    onError?.(failure);
                  },
                )
                .finally(() => setUploading((count) => count - 1));
            }}
          >
            <Button disabled={pictures.length + uploading >= MAX_PICTURES} loading={uploading > 0}>
              {t('editor.addPictures', { count: pictures.length, max: MAX_PICTURES })}
            </Button>
          </Upload>
        </Space>
      </Card>

      <Card title={h2('editor.status')}>
        {/* i18n-keys: status.draft, status.published, status.unlisted */}
        <div role="radiogroup" aria-label={t('editor.status')}>
          <Radio.Group
            value={status}
            onChange={(event) => setStatus(event.target.value as ListingStatus)}
            options={(['draft', 'published', 'unlisted'] as const)
              .filter((value) => value !== 'draft' || savedStatus === 'draft')
              .map((value) => ({ value, label: t(`status.${value}`) }))}
          />
        </div>
      </Card>

      <Space wrap>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {t('editor.save')}
        </Button>
        <Button onClick={() => void navigate('/products')}>{t('editor.back')}</Button>
      </Space>
    </Space>
  );
}
