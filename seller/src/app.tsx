import { lazy, Suspense } from 'react';
import { Button, Grid, Layout, Menu, Radio, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LANGUAGES, saveLanguage, type Language } from './i18n';
import { useSession, type Role } from './session';
import SignInPage from './pages/sign-in';

/** The seller centre's screens: who may open each (the owner opens every one). */
const SCREENS: { key: 'shop' | 'products' | 'reviews' | 'staff'; path: string; roles: Role[] }[] = [
  { key: 'shop', path: '/', roles: ['listings', 'orders', 'finance'] },
  { key: 'products', path: '/products', roles: ['listings'] },
  { key: 'reviews', path: '/reviews', roles: ['listings', 'orders'] },
  { key: 'staff', path: '/staff', roles: [] },
];

const PAGES = {
  shop: lazy(() => import('./pages/shop')),
  products: lazy(() => import('./pages/products')),
  reviews: lazy(() => import('./pages/reviews')),
  staff: lazy(() => import('./pages/staff')),
};
const InvitePage = lazy(() => import('./pages/invite'));
const ProductEditorPage = lazy(() => import('./pages/product-editor'));

/** The seller centre's languages as a pair of radio buttons. */
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

/** A screen this seller's roles do not open: said, never shown. */
function NotAllowed() {
  const { t } = useTranslation();
  return <Result status="403" title={t('app.forbiddenTitle')} subTitle={t('app.forbidden')} />;
}

/** Signed out: the invitation link's page, else sign-in; both with the language choice. */
function SignedOut() {
  const location = useLocation();
  return (
    <>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LanguagePicker />
      </header>
      {location.pathname === '/invite' ? (
        <Suspense fallback={<Loading />}>
          <InvitePage />
        </Suspense>
      ) : (
        <SignInPage />
      )}
    </>
  );
}

/** The seller centre: a side menu on a desk, a top menu on a phone; each screen behind its roles. */
export function SellerApp() {
  const { t } = useTranslation();
  const { me, signOut, can } = useSession();
  const location = useLocation();
  const wide = Grid.useBreakpoint().md ?? true;

  if (me === undefined) return <Loading />;
  if (me === null) return <SignedOut />;

  const mayOpen = (screen: (typeof SCREENS)[number]) => can(...screen.roles);
  const selected =
    SCREENS.find((screen) => screen.path !== '/' && location.pathname.startsWith(screen.path))?.key ?? 'shop';
  // i18n-keys: nav.shop, nav.products, nav.reviews, nav.staff
  const menu = (
    <nav aria-label={t('app.navigation')}>
      <Menu
        mode={wide ? 'inline' : 'horizontal'}
        disabledOverflow
        selectedKeys={[selected]}
        items={SCREENS.filter(mayOpen).map((screen) => ({
          key: screen.key,
          label: <Link to={screen.path}>{t(`nav.${screen.key}`)}</Link>,
        }))}
      />
    </nav>
  );
  // i18n-keys: role.owner, role.listings, role.orders, role.finance
  const roles = me.roles.map((role) => t(`role.${role}`)).join(', ');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide && (
        <Layout.Sider width={220} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          <div style={{ padding: 16, fontWeight: 600 }}>{t('app.title')}</div>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            alignItems: 'center',
            height: 'auto',
            lineHeight: 2.5,
            padding: '8px 16px',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space wrap>
            <Typography.Text>{t('app.signedInAs', { email: me.email, shop: me.shop.name, roles })}</Typography.Text>
            <LanguagePicker />
            <Button onClick={() => void signOut()}>{t('app.signOut')}</Button>
          </Space>
        </Layout.Header>
        {!wide && menu}
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>
          <main>
            <Suspense fallback={<Loading />}>
              <Routes>
                {SCREENS.map((screen) => {
                  const Page = PAGES[screen.key];
                  return (
                    <Route key={screen.key} path={screen.path} element={mayOpen(screen) ? <Page /> : <NotAllowed />} />
                  );
                })}
                <Route
                  path="/products/:id"
                  element={can('listings') ? <ProductEditorPage key={location.pathname} /> : <NotAllowed />}
                />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Routes>
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
