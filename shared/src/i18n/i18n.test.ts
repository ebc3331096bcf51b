import i18next from 'i18next';
import Cookies from 'js-cookie';
import enErrors from '../contracts/messages/en.json';
import zhErrors from '../contracts/messages/zh-cn.json';
import { resetBrowserState } from '../testing/reset-browser-state';
import { detectInitialLanguage, languageCodeFromTag } from './detect-language';
import { I18N_BASE_OPTIONS } from './i18n-options';
import {
  addCoreNamespaces,
  addRemoteNamespace,
  loadCommonMessages,
  loadErrorMessages,
  loadWithFallback,
} from './load-messages';
import enCommon from './locales/en/common.json';
import zhCommon from './locales/zh-cn/common.json';

const setBrowserLanguages = (languages: string[]) => {
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  jest.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
};

beforeEach(() => resetBrowserState());
afterEach(() => jest.restoreAllMocks());

describe('initial language (requirements §9.2)', () => {
  it("takes the stored language's file name first", () => {
    Cookies.set('Local_Lang', JSON.stringify({ language_name: 'Deutsch', chinese_name: '德语', file_name: 'de' }));
    setBrowserLanguages(['ja-JP']);
    expect(detectInitialLanguage()).toBe('de');
  });

  it('else takes the browser language when it maps to one of the 34 codes', () => {
    setBrowserLanguages(['xx-XX', 'ja-JP', 'en-US']);
    expect(detectInitialLanguage()).toBe('jp');
  });

  it('else uses English', () => {
    setBrowserLanguages(['xx-XX', 'cr']);
    expect(detectInitialLanguage()).toBe('en');
  });

  it.each([
    ['ja', 'jp'],
    ['ko-KR', 'kr'],
    ['zh-CN', 'zh-cn'],
    ['zh-Hans', 'zh-cn'],
    ['zh', 'zh-cn'],
    ['zh-TW', 'zh-hk'],
    ['zh-HK', 'zh-hk'],
    ['zh-Hant-TW', 'zh-hk'],
    ['cs-CZ', 'cr'],
    ['fi', 'fl'],
    ['da-DK', 'dk'],
    ['el', 'gr'],
    ['bg', 'bgr'],
    ['ur-PK', 'pk'],
    ['de-CH', 'ch'],
    ['de-AT', 'at'],
    ['de-DE', 'de'],
    ['pt-BR', 'pt'],
    ['en-GB', 'en'],
    ['sl-SI', 'sl'],
  ])('maps the browser tag %s to %s', (tag, code) => {
    expect(languageCodeFromTag(tag)).toBe(code);
  });

  it('does not mistake BCP 47 Cree or Kanuri for the Czech or Korean codes', () => {
    expect(languageCodeFromTag('cr')).toBeNull();
    expect(languageCodeFromTag('kr')).toBeNull();
  });
});

describe('message loading', () => {
  it('loads common and errors messages for English and Simplified Chinese', async () => {
    expect(await loadCommonMessages('en')).toEqual(enCommon);
    expect(await loadCommonMessages('zh-cn')).toEqual(zhCommon);
    expect(await loadErrorMessages('zh-cn')).toEqual(zhErrors);
  });

  it('falls back to English for a language without a file, and for an unknown value', async () => {
    const load = jest.fn(async (code: string) => {
      if (code !== 'en') throw new Error(`Cannot find module ./${code}.json`);
      return enCommon;
    });
    expect(await loadWithFallback('jp', load)).toEqual(enCommon);
    expect(load.mock.calls.map(([code]) => code)).toEqual(['jp', 'en']);
    expect(await loadErrorMessages('../../etc/passwd')).toEqual(enErrors);
  });

  it('has the same common keys in English and Simplified Chinese', () => {
    const keys = (messages: object, prefix = ''): string[] =>
      Object.entries(messages).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(zhCommon).sort()).toEqual(keys(enCommon).sort());
  });

  it('adds core and remote namespaces to an i18n instance, with English as fallback', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ ...I18N_BASE_OPTIONS, lng: 'zh-cn', resources: {} });
    await addCoreNamespaces(i18n, 'zh-cn');
    const loadMessages = jest.fn(async (lang: string) =>
      lang === 'zh-cn' ? { title: { login: '登录' } } : { title: { login: 'Login', register: 'Register' } },
    );
    await addRemoteNamespace(i18n, 'account', loadMessages, 'zh-cn');

    expect(i18n.t('common:loginFirst')).toBe('请先登录');
    expect(i18n.t('errors:err.repeatSubmit')).toBe('数据正在处理，请勿重复提交');
    expect(i18n.t('account:title.login')).toBe('登录');
    expect(i18n.t('account:title.register')).toBe('Register');
    expect(loadMessages.mock.calls.map(([lang]) => lang).sort()).toEqual(['en', 'zh-cn']);
  });
});
