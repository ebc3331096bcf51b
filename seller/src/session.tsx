import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createApi, type ApiClient } from './api';

export type Role = 'owner' | 'listings' | 'orders' | 'finance';

interface Me {
  id: number;
  email: string;
  roles: Role[];
  shop: { id: number; name: string };
}

interface SessionValue {
  api: ApiClient;
  /** undefined while the stored session is being checked; null when signed out. */
  me: Me | null | undefined;
  signedIn(token: string): void;
  signOut(): Promise<void>;
  /** The owner may do everything; staff what one of their roles allows. */
  can(...roles: Role[]): boolean;
}

const SessionContext = createContext<SessionValue | null>(null);

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
};

export function SessionProvider({ children, api: given }: { children: ReactNode; api?: ApiClient }) {
  const { i18n } = useTranslation();
  const [api] = useState<ApiClient>(() => given ?? createApi({ language: () => i18n.language }));
  const [me, setMe] = useState<Me | null | undefined>(() => (api.token() ? undefined : null));
  useEffect(() => {
    api.setOnUnauthorized(() => {
      api.setToken(null);
      setMe(null);
    });
  }, [api]);
  useEffect(() => {
    if (me !== undefined) return undefined;
    let live = true;
    api.get<Me>('/api/seller/me').then(
      (who) => live && setMe(who),
      () => {
        api.setToken(null);
        if (live) setMe(null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, me]);

  const value = useMemo<SessionValue>(
    () => ({
      api,
      me,
      signedIn(token) {
        api.setToken(token);
        setMe(undefined);
      },
      async signOut() {
        try {
          await api.post('/api/seller/auth/sign_out', {});
        } catch {
          // Signed out here whatever the server answered (an expired session is already over).
        }
        api.setToken(null);
        setMe(null);
      },
      can: (...roles) => Boolean(me && (me.roles.includes('owner') || roles.some((role) => me.roles.includes(role)))),
    }),
    [api, me],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
