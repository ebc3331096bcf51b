import i18next from 'i18next';
import { LANGUAGES, localeOf } from '@marketplace/shared/contracts';
import { htmlLangPlurals } from './plural-rules';

const FAMILY = {
  item_zero: 'zero {{count}}',
  item_one: 'one {{count}}',
  item_two: 'two {{count}}',
  item_few: 'few {{count}}',
  item_many: 'many {{count}}',
  item_other: 'other {{count}}',
};

const instanceFor = async (lng: string, withModule = true) => {
  const i18n = i18next.createInstance();
  if (withModule) i18n.use(htmlLangPlurals);
  await i18n.init({
    lng,
    lowerCaseLng: true,
    load: 'currentOnly',
    resources: { [lng]: { common: FAMILY } },
    ns: ['common'],
    defaultNS: 'common',
  });
  return i18n;
};

describe('plural forms by the language, not by its spec code', () => {
  it.each([
    ['cr', 2, 'few'],
    ['cr', 1, 'one'],
    ['cr', 5, 'other'],
    ['cr', 1.5, 'many'],
    ['ar', 0, 'zero'],
    ['ar', 2, 'two'],
    ['ar', 3, 'few'],
    ['ar', 11, 'many'],
    ['ar', 100, 'other'],
    ['jp', 1, 'other'],
    ['kr', 1, 'other'],
    ['zh-cn', 1, 'other'],
    ['pk', 1, 'one'],
    ['sl', 2, 'two'],
    ['ru', 5, 'many'],
    ['en', 1, 'one'],
    ['en', 2, 'other'],
  ])('%s with count %s takes _%s', async (lng, count, category) => {
    const i18n = await instanceFor(lng);
    expect(i18n.t('item', { count })).toBe(`${category} ${count}`);
  });

  it('would pick the wrong forms without it: i18next reads `cr` as Cree and `jp` as an unknown tag', async () => {
    expect((await instanceFor('cr', false)).t('item', { count: 2 })).toBe('other 2');
    expect((await instanceFor('jp', false)).t('item', { count: 1 })).toBe('one 1');
  });

  it('maps every code to its htmlLang and leaves other values alone', () => {
    for (const language of LANGUAGES) expect(localeOf(language.file_name)).toBe(language.htmlLang);
    expect(localeOf('ja')).toBe('ja');
    expect(localeOf(undefined)).toBe('en');
  });
});
