import { registerReactCopy, type RemoteModule } from '@marketplace/shared';
import * as React from 'react';
import { lazy } from 'react';
import { loadAccountMessages } from '../locales/load-messages';

registerReactCopy(React, 'mfe_account');

// One chunk per screen: a shopper opening the login page does not download the settings screens.
const screens: RemoteModule['screens'] = {
  '/login': lazy(() => import('../features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen }))),
  '/register': lazy(() =>
    import('../features/auth/components/register-screen').then((m) => ({ default: m.RegisterScreen })),
  ),
  '/forgotPassword': lazy(() =>
    import('../features/auth/components/forgot-password-screen').then((m) => ({ default: m.ForgotPasswordScreen })),
  ),
  '/changePassword': lazy(() =>
    import('../features/auth/components/change-password-screen').then((m) => ({ default: m.ChangePasswordScreen })),
  ),
  '/profile': lazy(() =>
    import('../features/profile/components/profile-screen').then((m) => ({ default: m.ProfileScreen })),
  ),
  '/setting': lazy(() =>
    import('../features/settings/components/setting-screen').then((m) => ({ default: m.SettingScreen })),
  ),
  '/passwords': lazy(() =>
    import('../features/security/components/passwords-screen').then((m) => ({ default: m.PasswordsScreen })),
  ),
  '/changePayPwd': lazy(() =>
    import('../features/security/components/change-pay-pwd-screen').then((m) => ({ default: m.ChangePayPwdScreen })),
  ),
  '/security': lazy(() =>
    import('../features/security/components/security-screen').then((m) => ({ default: m.SecurityScreen })),
  ),
  '/language': lazy(() =>
    import('../features/language/components/language-screen').then((m) => ({ default: m.LanguageScreen })),
  ),
  '/address': lazy(() =>
    import('../features/address/components/address-list-screen').then((m) => ({ default: m.AddressListScreen })),
  ),
  '/addressForm/:id?': lazy(() =>
    import('../features/address/components/address-form-screen').then((m) => ({ default: m.AddressFormScreen })),
  ),
  '/notification': lazy(() =>
    import('../features/notifications/components/notification-screen').then((m) => ({
      default: m.NotificationScreen,
    })),
  ),
  '/service': lazy(() =>
    import('../features/service/components/service-screen').then((m) => ({ default: m.ServiceScreen })),
  ),
  '/services': lazy(() =>
    import('../features/service/components/services-screen').then((m) => ({ default: m.ServicesScreen })),
  ),
  '/helpAndSupport': lazy(() =>
    import('../features/content/components/content-screen').then((m) => ({ default: m.HelpAndSupportScreen })),
  ),
  '/law': lazy(() => import('../features/content/components/content-screen').then((m) => ({ default: m.LawScreen }))),
  '/platform': lazy(() =>
    import('../features/content/components/content-screen').then((m) => ({ default: m.PlatformScreen })),
  ),
  '/mutualAid': lazy(() =>
    import('../features/mutual-aid/components/mutual-aid-screen').then((m) => ({ default: m.MutualAidScreen })),
  ),
  '/mutualAidhHistroy': lazy(() =>
    import('../features/mutual-aid/components/support-history-screen').then((m) => ({
      default: m.SupportHistoryScreen,
    })),
  ),
  '/complaint': lazy(() =>
    import('../features/complaint/components/complaint-screen').then((m) => ({ default: m.ComplaintScreen })),
  ),
  '/merchantSignUp': lazy(() =>
    import('../features/merchant/components/merchant-sign-up-screen').then((m) => ({
      default: m.MerchantSignUpScreen,
    })),
  ),
  '/vip': lazy(() => import('../features/vip/components/vip-screen').then((m) => ({ default: m.VipScreen }))),
};

const accountRemote: RemoteModule = {
  namespace: 'account',
  loadMessages: loadAccountMessages,
  screens,
};

export default accountRemote;
