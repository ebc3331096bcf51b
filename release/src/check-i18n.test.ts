import {
  extractDynamicKeys,
  extractKeys,
  extractMessageLiterals,
  extractRouteTitleKeys,
  flattenKeys,
  hasKey,
  templateMatches,
  undeclaredTemplates,
} from '../../tools/i18n-keys.cjs';

const NAMESPACES = ['common', 'errors', 'catalogue', 'orders', 'wallet', 'account'];
const inAccount = { defaultNs: 'account', namespaces: NAMESPACES };
const inOrders = { defaultNs: 'orders', namespaces: NAMESPACES };
const found = (source: string, options = inAccount) =>
  extractKeys(source, options).map((use) => `${use.namespaces.join('|')}:${use.key}`);

describe('i18n key extraction (tools/check-i18n.mjs)', () => {
  it("finds t('key') and t(\"key\") in the folder's default namespace", () => {
    expect(found(`const a = t('form.account'); const b = t("form.password", { count: 2 });`)).toEqual([
      'account:form.account',
      'account:form.password',
    ]);
  });

  it('finds i18n.t(...) calls and i18nKey props', () => {
    expect(found(`i18n.t('title.login'); <Trans i18nKey="help.body" />;`)).toEqual([
      'account:title.login',
      'account:help.body',
    ]);
  });

  it('reads an explicit ns: prefix and an ns option', () => {
    expect(found(`t('errors:err.loginFirst'); t('retry', { ns: 'common' }); toast({ key: 'common:back' });`)).toEqual([
      'common:retry',
      'errors:err.loginFirst',
      'common:back',
    ]);
  });

  it('uses the namespaces a file selects with useTranslation', () => {
    expect(found(`const { t } = useTranslation(['common', 'errors']); t('tab.home');`)).toEqual([
      'common|errors:tab.home',
    ]);
  });

  it('ignores template-literal keys and reads the i18n-keys comment that declares them', () => {
    const source = ['// i18n-keys: status.all, status.toPay, orders:status.done', 't(`status.${name}`);'].join('\n');
    expect(found(source)).toEqual(['account:status.all', 'account:status.toPay', 'orders:status.done']);
  });

  it('does not read words that only end in t, such as it( or test(', () => {
    expect(found(`it('logs in'); test('x'); const split = text.split(':');`)).toEqual([]);
  });

  it('takes routes.json titleKey values with their namespace', () => {
    const routes = [{ path: '/login', titleKey: 'account:title.login', public: true, keepAlive: false }];
    expect(extractRouteTitleKeys(routes, inAccount).map((use) => `${use.namespaces[0]}:${use.key}`)).toEqual([
      'account:title.login',
    ]);
  });

  it("collects every 'err.*' and 'ok.*' literal as an errors key", () => {
    const source = `throw new AppError(0, 'err.loginFailed'); reply.ok("ok.login"); const x = 'error.other';`;
    expect(extractMessageLiterals(source).map((use) => use.key)).toEqual(['err.loginFailed', 'ok.login']);
  });

  it('flattens nested keys with dots and accepts plural forms', () => {
    const keys = new Set(flattenKeys({ title: { login: 'Login' }, items_one: '{{count}} item', items_other: 'x' }));
    expect([...keys]).toEqual(['title.login', 'items_one', 'items_other']);
    expect(hasKey(keys, 'title.login')).toBe(true);
    expect(hasKey(keys, 'items')).toBe(true);
    expect(hasKey(keys, 'title')).toBe(false);
  });
});

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
