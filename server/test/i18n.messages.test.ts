import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@marketplace/shared/contracts';
import { call, createTestApp, DEMO_SHOPPER, humanHeaders, login, type TestApp } from './harness';

/**
 * Every `msg` follows the request's `lang` header: a zod validation failure, a schema field error,
 * a business error and an unknown route, in each language whose server catalogue has landed
 * (zh-cn always; the others as translators add `shared/src/contracts/messages/<code>.json`).
 */
const messagesDir = path.dirname(require.resolve('@marketplace/shared/contracts/messages/en.json'));
const catalogueOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(messagesDir, `${lang}.json`), 'utf8')) as { err: Record<string, string> };
const LANDED = LANGUAGE_CODES.filter((code) => code !== 'en' && existsSync(path.join(messagesDir, `${code}.json`)));
const en = catalogueOf('en');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password);
});
afterAll(() => t.close());

describe('server messages in the request language', () => {
  it('has at least Simplified Chinese to check', () => {
    expect(LANDED).toContain('zh-cn');
  });

  describe.each(LANDED)('lang: %s', (lang) => {
    const own = catalogueOf(lang).err;
    const expectText = (key: string): string => own[key] ?? en.err[key] ?? key;

    it('translates a validation error and a business error', async () => {
      const headers = { ...(await humanHeaders(t.app)), lang, language: lang };
      const missing = await call(t.app, { method: 'POST', url: '/api/user/login', payload: { account: '' }, headers });
      expect(missing).toMatchObject({ code: 0, msg: expectText('accountPasswordRequired') });

      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { account: 'demo', password: 'wrong-password' },
        headers: { ...(await humanHeaders(t.app)), lang },
      });
      expect(wrong).toMatchObject({ code: 0, msg: expectText('loginFailed') });
    });

    it('translates a schema field error with its field and an unknown API path', async () => {
      const field = await call(t.app, {
        method: 'POST',
        url: '/api/user/profile',
        payload: { familyName: 42 },
        headers: { token, lang },
      });
      expect(field).toMatchObject({ code: 0, msg: expectText('invalidField').replace('{{field}}', 'familyName') });

      const notFound = await call(t.app, { method: 'GET', url: '/api/no/such/route', headers: { language: lang } });
      expect(notFound).toMatchObject({ code: 404, msg: expectText('notFound') });
    });
  });

  it('answers in English for a language that is not one of the 34', async () => {
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: '' },
      headers: { ...(await humanHeaders(t.app)), lang: 'xx' },
    });
    expect(reply.msg).toBe('Please input account and password');
  });
});
