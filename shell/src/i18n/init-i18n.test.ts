import { detectInitialLanguage } from '@marketplace/shared';
import i18next from 'i18next';
import arCommon from '../../../shared/src/i18n/locales/ar/common.json';
import { initI18n, switchLanguage } from './init-i18n';

describe('i18n bootstrap', () => {
  beforeAll(async () => {
    document.cookie = `Local_Lang=${encodeURIComponent(
      JSON.stringify({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-cn' }),
    )}; path=/`;
    await initI18n(detectInitialLanguage());
  });

  it('starts in the stored language without splitting zh-cn', () => {
    expect(i18next.language).toBe('zh-cn');
    expect(i18next.t('common:loginFirst')).toBe('请先登录');
    expect(i18next.t('errors:ok.login')).not.toBe('ok.login');
  });

  it('sets <html lang> and dir for the language', () => {
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('reads Arabic texts, laid out right to left', async () => {
    await switchLanguage('ar');
    expect(i18next.language).toBe('ar');
    expect(i18next.t('common:loginFirst')).toBe(arCommon.loginFirst);
    expect(arCommon.loginFirst).not.toBe('Please login first');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('switches back to English with the required texts', async () => {
    await switchLanguage('en');
    expect(i18next.t('errors:err.accountPasswordRequired')).toBe('Please input account and password');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
