import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createApi, type ApiClient } from './api';

export type Role = 'finance' | 'support' | 'release' | 'admin';

interface Me {
  id: number | null;
  name: string;
  roles: Role[];
}

interface SessionValue {
  api: ApiClient;
  /** undefined while the browser's session is being checked; null when signed out. */
  me: Me | null | undefined;
  /** After a sign-in (the server set the session cookie): who it is, then the console. */
  signedIn(): Promise<void>;
  signOut(): Promise<void>;
  can(...roles: Role[]): boolean;
}

const SessionContext = createContext<SessionValue | null>(null);

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
};

/**
 * The other tabs of this browser hear of a sign-in or sign-out at once (they share the one session cookie):
 * a sign-out in one tab shows the sign-in form in all, a sign-in in one opens the console in all.
 */
const CHANNEL = 'console-session';
const openChannel = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));
/** This tab, so it ignores what it said itself. */
const TAB = Math.random().toString(36).slice(2);
type Said = { kind: 'signed-in' | 'signed-out'; tab: string };
const announce = (kind: Said['kind']) => {
  const channel = openChannel();
  channel?.postMessage({ kind, tab: TAB } satisfies Said);
  channel?.close();
};

export function SessionProvider({ children, api: given }: { children: ReactNode; api?: ApiClient }) {
  const { i18n } = useTranslation();
  const [api] = useState<ApiClient>(() => given ?? createApi({ language: () => i18n.language }));
  // undefined: the browser's session (its cookie) is checked (GET /api/admin/auth/me) before anything shows.
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    api.setOnUnauthorized(() => {
      api.setSignedIn(false);
      setMe(null);
    });
  }, [api]);
  useEffect(() => {
    const channel = openChannel();
    if (!channel) return undefined;
    channel.addEventListener('message', (event: MessageEvent<Said>) => {
      if (event.data?.tab === TAB) return;
      if (event.data?.kind === 'signed-out') {
        api.setSignedIn(false);
        setMe(null);
      } else if (event.data?.kind === 'signed-in') setMe(undefined);
    });
    return () => channel.close();
  }, [api]);
  useEffect(() => {
    if (me !== undefined) return undefined;
    let live = true;
    api.get<Me>('/api/admin/auth/me').then(
      (who) => {
        api.setSignedIn(true);
        if (live) setMe(who);
      },
      () => {
        api.setSignedIn(false);
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
      async signedIn() {
        setMe(undefined);
        announce('signed-in');
      },
      async signOut() {
        try {
          await api.post('/api/admin/auth/sign_out', {});
        } catch {
          // Signed out here whatever the server answered (an expired session is already over).
        }
        api.setSignedIn(false);
        setMe(null);
        announce('signed-out');
      },
      can: (...roles) => Boolean(me && roles.some((role) => me.roles.includes(role))),
    }),
    [api, me],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
