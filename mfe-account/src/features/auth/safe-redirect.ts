/**
 * Where to go after login. Only paths inside this app are followed, so a crafted link cannot
 * send a shopper to another site (`//evil.example`) or back to the login page.
 */
export const safeRedirect = (redirect: string | null): string => {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?')) return '/';
  return redirect;
};
