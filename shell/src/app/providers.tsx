import type { AppStore } from '@marketplace/shared';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
// The CommonJS build of this data file works both in the bundle and under jest.
import enUS from 'antd-mobile/cjs/locales/en-US';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import i18next from 'i18next';

type UiKitLocale = typeof enUS;

/**
 * antd-mobile's built-in texts that the app shows (dialog and confirm buttons, pull-to-refresh,
 * infinite scroll, the close control of a popup's mask) in the shopper's language: our own `common`
 * texts, which exist in all 34 languages and arrive with the language, over antd-mobile's English.
 * antd-mobile ships 27 locales, several without a counterpart here (and no Hindi, Polish, Greek…),
 * and loading them would add a chunk per language for these few words.
 */
const uiKitLocale = (t: TFunction<'common'>, language: string): UiKitLocale => ({
  ...enUS,
  locale: language,
  common: { confirm: t('confirm'), cancel: t('cancel'), loading: t('loading'), close: t('close') },
  Dialog: { ok: t('ok') },
  Modal: { ok: t('ok') },
  InfiniteScroll: { noMore: t('noMore'), failedToLoad: t('loadFailed'), retry: t('retry') },
  PullToRefresh: { pulling: t('pullToRefresh'), canRelease: t('releaseToRefresh'), complete: t('refreshed') },
  Mask: { name: t('close') },
});

const UiKitLocale = ({ children }: { children: ReactNode }) => {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  // `t` changes with the language; the texts are read again then.
  const locale = useMemo(() => uiKitLocale(t, language), [t, language]);
  // Dialog.confirm, Toast and the other imperative components render outside this tree and read
  // antd-mobile's default configuration instead, which is Chinese unless set.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
};

export const Providers = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <I18nextProvider i18n={i18next}>
      <UiKitLocale>{children}</UiKitLocale>
    </I18nextProvider>
  </Provider>
);
