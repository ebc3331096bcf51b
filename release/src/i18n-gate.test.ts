import { compareCatalogue, identicalAllowed, variablesOf } from '../../tools/i18n-keys.cjs';

const map = (entries: Record<string, string>) => new Map(Object.entries(entries));
const categoriesOf = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
const kinds = (result: { problems: { kind: string; key: string }[] }) =>
  result.problems.map((problem) => `${problem.kind} ${problem.key}`).sort();

describe('a language against English', () => {
  const en = map({
    'title.bag': 'Bag',
    'pay.attempts_one': '{{count}} attempt left',
    'pay.attempts_other': '{{count}} attempts left',
    greeting: 'Hello {{name}}',
    brand: 'USDT (TRC20)',
  });

  it('is complete when every key, variable and plural category is there', () => {
    const cs = map({
      'title.bag': 'Košík',
      'pay.attempts_one': 'Zbývá {{count}} pokus',
      'pay.attempts_few': 'Zbývají {{count}} pokusy',
      'pay.attempts_many': 'Zbývá {{count}} pokusu',
      'pay.attempts_other': 'Zbývá {{count}} pokusů',
      greeting: 'Ahoj {{name}}',
      brand: 'USDT (TRC20)',
    });
    const result = compareCatalogue(en, cs, { categories: categoriesOf('cs'), htmlLang: 'cs' });
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ expected: 7, ok: 7 });
  });

  it('reports missing and extra keys, lost variables, values left in English and wrong plural sets', () => {
    const ja = map({
      'title.bag': 'Bag',
      'pay.attempts_one': '残り{{count}}回',
      'pay.attempts_other': '残り{{count}}回',
      greeting: 'こんにちは',
      extra: 'x',
    });
    const result = compareCatalogue(en, ja, { categories: categoriesOf('ja'), htmlLang: 'ja' });
    expect(kinds(result)).toEqual([
      'extra extra',
      'identical title.bag',
      'missing brand',
      'plural pay.attempts_one',
      'variables greeting',
    ]);
    expect(result.ok).toBe(1);
  });

  it('wants every Arabic category and lets a plural form spell the number out', () => {
    const ar = map({
      'title.bag': 'الحقيبة',
      'pay.attempts_zero': 'لا محاولات',
      'pay.attempts_one': 'محاولة واحدة',
      'pay.attempts_two': 'محاولتان',
      'pay.attempts_few': '{{count}} محاولات',
      greeting: 'مرحبا {{name}}',
      brand: 'USDT (TRC20)',
    });
    const result = compareCatalogue(en, ar, { categories: categoriesOf('ar'), htmlLang: 'ar' });
    expect(kinds(result)).toEqual(['plural pay.attempts_many', 'plural pay.attempts_other']);
  });

  it('counts a language without its file as 0 % complete', () => {
    expect(compareCatalogue(en, null, { categories: categoriesOf('fi'), htmlLang: 'fi' })).toMatchObject({
      expected: 5,
      ok: 0,
    });
  });

  it('checks English itself for the forms English needs', () => {
    const lacking = map({ 'card.quantity_other': '{{count}} items' });
    const result = compareCatalogue(lacking, lacking, { categories: categoriesOf('en'), isEnglish: true });
    expect(kinds(result)).toEqual(['plural card.quantity_one']);
  });

  it('allows only listed words to stay English, per language where needed', () => {
    expect(identicalAllowed('OK')).toBe(true);
    expect(identicalAllowed('VIP {{level}}')).toBe(true);
    expect(identicalAllowed('{{count}} / {{total}}')).toBe(true);
    expect(identicalAllowed('name@example.com')).toBe(true);
    expect(identicalAllowed('Filter', 'de-AT')).toBe(true);
    expect(identicalAllowed('Filter', 'fr')).toBe(false);
    expect(identicalAllowed('Add to bag', 'de')).toBe(false);
    expect(variablesOf('{{ a }} and {{b, number}} and {{a}}')).toEqual(['a', 'b']);
  });
});
