import type { AppStore } from '@marketplace/shared';
import { ConfigProvider } from 'antd-mobile';
// The CommonJS build of these two data files works both in the bundle and under jest.
import enUS from 'antd-mobile/cjs/locales/en-US';
import zhCN from 'antd-mobile/cjs/locales/zh-CN';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import i18next from 'i18next';

/** antd-mobile's built-in texts (pickers, pull-to-refresh defaults) in the closest language it ships. */
const UiKitLocale = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation('common');
  return <ConfigProvider locale={i18n.language === 'zh-cn' ? zhCN : enUS}>{children}</ConfigProvider>;
};

export const Providers = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <I18nextProvider i18n={i18next}>
      <UiKitLocale>{children}</UiKitLocale>
    </I18nextProvider>
  </Provider>
);
