import {
  compareCatalogue,
  extractDynamicKeys,
  extractKeys,
  identicalAllowed,
  templateMatches,
  undeclaredTemplates,
  variablesOf,
} from '../../tools/i18n-keys.cjs';

const NAMESPACES = ['common', 'errors', 'catalogue', 'orders', 'wallet', 'account'];
const inOrders = { defaultNs: 'orders', namespaces: NAMESPACES };
const map = (entries: Record<string, string>) => new Map(Object.entries(entries));
const categoriesOf = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
const kinds = (result: { problems: { kind: string; key: string }[] }) =>
  result.problems.map((problem) => `${problem.kind} ${problem.key}`).sort();

describe('template-literal keys (tools/check-i18n.mjs)', () => {
  it('reads a template literal without ${…} as a plain key', () => {
    expect(extractKeys('t(`card.total`); t(`common:back`);', inOrders).map((u) => `${u.namespaces}:${u.key}`)).toEqual([
      'orders:card.total',
      'common:back',
    ]);
  });

  it('turns t(`status.${order.status}`) into a pattern in the file namespace', () => {
    const [use, other] = extractDynamicKeys(
      "const { t } = useTranslation('orders');\nt(`status.${order.status}`); t(`topUp.methods.${m ?? 'x'}.title`);",
      inOrders,
    );
    expect(use).toMatchObject({ template: 'status.${order.status}', namespaces: ['orders'], line: 2 });
    expect(templateMatches(use!, 'status.toPay')).toBe(true);
    expect(templateMatches(use!, 'statusX')).toBe(false);
    expect(templateMatches(other!, 'topUp.methods.card.title')).toBe(true);
    expect(templateMatches(other!, 'topUp.methods.card.text')).toBe(false);
  });

  it('marks the keys an i18n-keys comment declares, so the checker can resolve the template', () => {
    const source = '// i18n-keys: status.toPay, status.done\nt(`status.${s}`);';
    const declared = extractKeys(source, inOrders).filter((use) => use.declared);
    expect(declared.map((use) => use.key)).toEqual(['status.toPay', 'status.done']);
    const [dynamic] = extractDynamicKeys(source, inOrders);
    expect(declared.every((use) => templateMatches(dynamic!, use.key))).toBe(true);
  });

  it('fails a template-literal key that no i18n-keys comment declares', () => {
    const file = (...lines: string[]) => ["const { t } = useTranslation('orders');", ...lines].join('\n');
    const use = 't(`status.${order.status}`);';
    expect(undeclaredTemplates(file(use), inOrders).map((u) => `${u.line} ${u.namespaces}:${u.template}`)).toEqual([
      '2 orders:status.${order.status}',
    ]);
    // A declaration of other keys, or of these keys in another namespace, does not cover it.
    expect(undeclaredTemplates(file('// i18n-keys: tabs.all, tabs.0', use), inOrders)).toHaveLength(1);
    expect(undeclaredTemplates(file('// i18n-keys: wallet:status.0', use), inOrders)).toHaveLength(1);
    expect(undeclaredTemplates(file('// i18n-keys: status.0, status.-1', use), inOrders)).toEqual([]);
  });

  it('reads a template in a conditional key, never one inside the options', () => {
    const source = [
      "const { t } = useTranslation('wallet');",
      "t(paid ? 'audit.status.paid' : `audit.status.${status}`);",
      "t(kind === 'all' ? 'fund.all' : `fund.kinds.${kind}`);",
      't(`topUp.methods.${m}.title`, { extra: `x.${y}` });',
      "t('card.total', { count: `${n}` });",
    ].join('\n');
    const dynamic = extractDynamicKeys(source, inOrders);
    expect(dynamic.map((use) => `${use.line} ${use.template}`)).toEqual([
      '2 audit.status.${status}',
      '3 fund.kinds.${kind}',
      '4 topUp.methods.${m}.title',
    ]);
    expect(undeclaredTemplates(source, inOrders)).toHaveLength(3);
    const declared = `// i18n-keys: audit.status.0, fund.kinds.vip, topUp.methods.card.title\n${source}`;
    expect(undeclaredTemplates(declared, inOrders)).toEqual([]);
  });
});

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
