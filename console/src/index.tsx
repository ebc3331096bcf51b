import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleApp } from './app';
import { createI18n } from './i18n';
import { SessionProvider } from './session';

const i18n = createI18n();

function Root() {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider locale={current.language === 'zh-cn' ? zhCN : enUS}>
      <AntApp>
        <SessionProvider>
          <BrowserRouter basename="/console">
            <ConsoleApp />
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
