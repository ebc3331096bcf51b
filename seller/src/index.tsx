import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SellerApp } from './app';
import { createI18n } from './i18n';
import { SessionProvider } from './session';

const i18n = createI18n();

/**
 * antd's default blue (#1677ff, 4.1:1 on white) and its 45 % grey for secondary text (3.4:1) fall short
 * of WCAG AA's 4.5:1 for text: a darker blue and greys of at least 4.5:1 (axe colour-contrast).
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd lightens a button under the pointer (white on #4096ff is 3.2:1): darker instead.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    // Danger buttons and form errors: antd's #ff4d4f is 3.3:1 on white.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
};

function Root() {
  const { i18n: current } = useTranslation();
  return (
    // No space put between a button's two Chinese characters: a label naming the button starts with its words as written.
    <ConfigProvider
      locale={current.language === 'zh-cn' ? zhCN : enUS}
      theme={THEME}
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <SessionProvider>
          <BrowserRouter basename="/seller">
            <SellerApp />
          </BrowserRouter>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Root />
    </I18nextProvider>
  </StrictMode>,
);
