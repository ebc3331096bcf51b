import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@marketplace/shared/contracts';
import { call, humanHeaders, openAsDemoShopper, type TestApp } from './harness';

/**
 * Every `msg` follows the request's `lang` header: a zod validation failure, a schema field error,
 * a business error and an unknown route, in each of the 33 languages besides English (a missing
 * catalogue or message fails).
 */
const messagesDir = path.dirname(require.resolve('@marketplace/shared/contracts/messages/en.json'));
const catalogueOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(messagesDir, `${lang}.json`), 'utf8')) as { err: Record<string, string> };
const OTHERS = LANGUAGE_CODES.filter((code) => code !== 'en');
const en = catalogueOf('en');

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await openAsDemoShopper()));
afterAll(() => t.close());

describe('server messages in the request language', () => {
  it('checks all 33 languages besides English', () => {
    expect(OTHERS).toHaveLength(33);
  });

  describe.each(OTHERS)('lang: %s', (lang) => {
    const own = catalogueOf(lang).err;
    const expectText = (key: string): string => {
      const text = own[key];
      if (!text || !en.err[key]) throw new Error(`${lang}: err.${key} is missing`);
      return text;
    };

    it('translates a validation error and a business error', async () => {
      const headers = { ...(await humanHeaders(t.app)), lang, language: lang };
      const missing = await call(t.app, { method: 'POST', url: '/api/user/login', payload: { account: '' }, headers });
      expect(missing).toMatchObject({ code: 0, msg: expectText('accountPasswordRequired') });

      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        // An account of its own per language: the sign-in brake slows one account's wrong tries down.
        payload: { account: `nobody-${lang}`, password: 'wrong-password' },
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
