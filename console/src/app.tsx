import { lazy, Suspense } from 'react';
import { Button, Layout, Menu, Radio, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LANGUAGES, saveLanguage, type Language } from './i18n';
import { mayOpen, SCREENS, type ScreenKey } from './queues';
import { useSession } from './session';
import SignInPage from './pages/sign-in';

const PAGES: Record<ScreenKey, ReturnType<typeof lazy>> = {
  dashboard: lazy(() => import('./pages/dashboard')),
  topups: lazy(() => import('./pages/topups')),
  withdrawals: lazy(() => import('./pages/withdrawals')),
  refunds: lazy(() => import('./pages/refunds')),
  toShip: lazy(() => import('./pages/orders')),
  complaints: lazy(() => import('./pages/complaints')),
  service: lazy(() => import('./pages/service')),
  merchants: lazy(() => import('./pages/merchants')),
  shoppers: lazy(() => import('./pages/shoppers')),
  audit: lazy(() => import('./pages/audit')),
  release: lazy(() => import('./pages/release')),
  operators: lazy(() => import('./pages/operators')),
};

/** The console's languages as a pair of radio buttons (antd's Select leaves a list of unnamed options behind). */
function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('app.language')}>
      <Radio.Group
        optionType="button"
        size="small"
        value={i18n.language as Language}
        onChange={(event) => {
          const code = event.target.value as Language;
          saveLanguage(code);
          void i18n.changeLanguage(code);
        }}
        options={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
      />
    </div>
  );
}

const Loading = () => {
  const { t } = useTranslation();
  return (
    <div role="status" style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
      <span style={{ marginInlineStart: 12 }}>{t('common.loading')}</span>
    </div>
  );
};

/** A screen this operator's roles do not open: said, never shown. */
function NotAllowed() {
  const { t } = useTranslation();
  return <Result status="403" title={t('app.forbiddenTitle')} subTitle={t('app.forbidden')} />;
}

export function ConsoleApp() {
  const { t } = useTranslation();
  const { me, signOut } = useSession();
  const location = useLocation();

  if (me === undefined) return <Loading />;
  if (me === null) {
    return (
      <>
        <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
          <LanguagePicker />
        </header>
        <SignInPage />
      </>
    );
  }

  const screens = SCREENS.filter((screen) => mayOpen(screen, me.roles));
  const selected =
    SCREENS.find((screen) => screen.path !== '/' && location.pathname.startsWith(screen.path))?.key ?? 'dashboard';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <div style={{ padding: 16, fontWeight: 600 }}>{t('app.title')}</div>
        <nav aria-label={t('app.navigation')}>
          <Menu
            mode="inline"
            selectedKeys={[selected]}
            items={screens.map((screen) => ({
              key: screen.key,
              label: <Link to={screen.path}>{t(`nav.${screen.key}`)}</Link>,
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space>
            <Typography.Text>
              {t('app.signedInAs', { name: me.name, roles: me.roles.map((role) => t(`role.${role}`)).join(', ') })}
            </Typography.Text>
            <LanguagePicker />
            <Button onClick={() => void signOut()}>{t('app.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Loading />}>
            <Routes>
              {SCREENS.map((screen) => {
                const Page = PAGES[screen.key];
                return (
                  <Route
                    key={screen.key}
                    path={screen.path}
                    element={mayOpen(screen, me.roles) ? <Page /> : <NotAllowed />}
                  />
                );
              })}
              <Route path="*" element={<Navigate to="/" replace />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
