import type { RouteDefinition } from '@marketplace/shared';
import { lazy } from 'react';

// This remote's routes, written once: the build publishes their metadata as routes.json (the
// shell's tab bar, history, guard and titles read it) and `./screens` shows each path's screen.
// One chunk per screen: a shopper opening the login page does not download the settings screens.

export const routes = [
  {
    path: '/login',
    titleKey: 'account:title.login',
    public: true,
    keepAlive: false,
    screen: lazy(() => import('../features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen }))),
  },
  {
    path: '/register',
    titleKey: 'account:title.register',
    public: true,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/auth/components/register-screen').then((m) => ({ default: m.RegisterScreen })),
    ),
  },
  {
    path: '/forgotPassword',
    titleKey: 'account:title.forgotPassword',
    public: true,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/auth/components/forgot-password-screen').then((m) => ({ default: m.ForgotPasswordScreen })),
    ),
  },
  {
    path: '/changePassword',
    titleKey: 'account:title.changePassword',
    public: true,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/auth/components/change-password-screen').then((m) => ({ default: m.ChangePasswordScreen })),
    ),
  },
  {
    path: '/profile',
    titleKey: 'account:title.profile',
    public: false,
    keepAlive: false,
    tab: { order: 4, icon: 'me', labelKey: 'common:tab.me' },
    screen: lazy(() =>
      import('../features/profile/components/profile-screen').then((m) => ({ default: m.ProfileScreen })),
    ),
  },
  {
    path: '/setting',
    titleKey: 'account:title.setting',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/settings/components/setting-screen').then((m) => ({ default: m.SettingScreen })),
    ),
  },
  {
    path: '/passwords',
    titleKey: 'account:title.passwords',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/security/components/passwords-screen').then((m) => ({ default: m.PasswordsScreen })),
    ),
  },
  {
    path: '/changePayPwd',
    titleKey: 'account:title.changePayPwd',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/security/components/change-pay-pwd-screen').then((m) => ({ default: m.ChangePayPwdScreen })),
    ),
  },
  {
    path: '/security',
    titleKey: 'account:title.security',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/security/components/security-screen').then((m) => ({ default: m.SecurityScreen })),
    ),
  },
  {
    path: '/language',
    titleKey: 'account:title.language',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/language/components/language-screen').then((m) => ({ default: m.LanguageScreen })),
    ),
  },
  {
    path: '/address',
    titleKey: 'account:title.address',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/address/components/address-list-screen').then((m) => ({ default: m.AddressListScreen })),
    ),
  },
  {
    path: '/addressForm/:id?',
    titleKey: 'account:title.addressForm',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/address/components/address-form-screen').then((m) => ({ default: m.AddressFormScreen })),
    ),
  },
  {
    path: '/notification',
    titleKey: 'account:title.notification',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/notifications/components/notification-screen').then((m) => ({
        default: m.NotificationScreen,
      })),
    ),
  },
  {
    path: '/service',
    titleKey: 'account:title.service',
    public: false,
    keepAlive: false,
    history: 'skip',
    screen: lazy(() =>
      import('../features/service/components/service-screen').then((m) => ({ default: m.ServiceScreen })),
    ),
  },
  {
    path: '/services',
    titleKey: 'account:title.services',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/service/components/services-screen').then((m) => ({ default: m.ServicesScreen })),
    ),
  },
  {
    path: '/helpAndSupport',
    titleKey: 'account:title.helpAndSupport',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/content/components/content-screen').then((m) => ({ default: m.HelpAndSupportScreen })),
    ),
  },
  {
    path: '/law',
    titleKey: 'account:title.law',
    public: false,
    keepAlive: false,
    screen: lazy(() => import('../features/content/components/content-screen').then((m) => ({ default: m.LawScreen }))),
  },
  {
    path: '/platform',
    titleKey: 'account:title.platform',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/content/components/content-screen').then((m) => ({ default: m.PlatformScreen })),
    ),
  },
  {
    path: '/mutualAid',
    titleKey: 'account:title.mutualAid',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/mutual-aid/components/mutual-aid-screen').then((m) => ({ default: m.MutualAidScreen })),
    ),
  },
  {
    path: '/mutualAidhHistroy',
    titleKey: 'account:title.mutualAidhHistroy',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/mutual-aid/components/support-history-screen').then((m) => ({
        default: m.SupportHistoryScreen,
      })),
    ),
  },
  {
    path: '/complaint',
    titleKey: 'account:title.complaint',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/complaint/components/complaint-screen').then((m) => ({ default: m.ComplaintScreen })),
    ),
  },
  {
    path: '/merchantSignUp',
    titleKey: 'account:title.merchantSignUp',
    public: false,
    keepAlive: false,
    screen: lazy(() =>
      import('../features/merchant/components/merchant-sign-up-screen').then((m) => ({
        default: m.MerchantSignUpScreen,
      })),
    ),
  },
  {
    path: '/vip',
    titleKey: 'account:title.vip',
    public: false,
    keepAlive: false,
    screen: lazy(() => import('../features/vip/components/vip-screen').then((m) => ({ default: m.VipScreen }))),
  },
] satisfies RouteDefinition[];
