import type { Role } from './session';

/** The console's screens, each with the roles that may open it (the server checks the same). */
export const SCREENS = [
  { key: 'dashboard', path: '/', roles: 'any' },
  { key: 'topups', path: '/topups', roles: ['finance'] },
  { key: 'withdrawals', path: '/withdrawals', roles: ['finance'] },
  { key: 'refunds', path: '/refunds', roles: ['support'] },
  { key: 'toShip', path: '/orders', roles: ['support'] },
  { key: 'complaints', path: '/complaints', roles: ['support'] },
  { key: 'service', path: '/service', roles: ['support'] },
  { key: 'merchants', path: '/merchants', roles: ['support'] },
  { key: 'shoppers', path: '/shoppers', roles: ['finance', 'support'] },
  { key: 'audit', path: '/audit', roles: ['admin', 'finance', 'support'] },
  { key: 'release', path: '/release', roles: ['release', 'admin'] },
  { key: 'operators', path: '/operators', roles: ['admin'] },
] as const satisfies readonly { key: string; path: string; roles: 'any' | readonly Role[] }[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

export const mayOpen = (screen: (typeof SCREENS)[number], roles: readonly Role[]) =>
  screen.roles === 'any' || screen.roles.some((role) => roles.includes(role));

/** Integer cents as dollars in the console's language. */
export const money = (cents: number, language: string) =>
  new Intl.NumberFormat(language === 'zh-cn' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );

export const dateTime = (iso: string | null | undefined, language: string) =>
  iso
    ? new Intl.DateTimeFormat(language === 'zh-cn' ? 'zh-CN' : 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }).format(new Date(iso))
    : '';
