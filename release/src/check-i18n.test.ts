import {
  extractKeys,
  extractMessageLiterals,
  extractRouteTitleKeys,
  flattenKeys,
  hasKey,
} from '../../tools/i18n-keys.cjs';

const NAMESPACES = ['common', 'errors', 'catalogue', 'orders', 'wallet', 'account'];
const inAccount = { defaultNs: 'account', namespaces: NAMESPACES };
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
