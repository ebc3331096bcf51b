import {
  selectToken,
  selectUserInfo,
  toastFail,
  useAppDispatch,
  useAppSelector,
  type RootState,
} from '@marketplace/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'react-redux';
import { decideNavigation, isPublicPath, type GuardDecision } from './guard-rules';
import { restoreUserInfo } from './restore-user-info';

/** The guard's decision, or: the user info could not be fetched (timeout, server down) and may be retried. */
type GuardView = GuardDecision | { kind: 'unavailable'; message: string; retry(): void };

interface Failure {
  message: string;
  offline: boolean;
}

/**
 * Applies the route guard of requirements §2.3 to the current page; the page renders only on `allow`.
 * `publicPrefixes`: the public routes' paths up to their first parameter (route-table.ts, `routeRules`).
 */
export const useRouteGuard = (
  pathname: string,
  routeIsPublic: boolean,
  publicPrefixes: readonly string[],
): GuardView => {
  const hasToken = Boolean(useAppSelector(selectToken));
  const hasUserInfo = Boolean(useAppSelector(selectUserInfo));
  const { search } = useLocation();
  const isPublic = isPublicPath(pathname, routeIsPublic, publicPrefixes);
  const decision = decideNavigation({ pathname, search, isPublic, hasToken, hasUserInfo });
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const messageKey = decision.kind === 'redirect' ? decision.messageKey : undefined;
  useEffect(() => {
    if (!redirectTo) return;
    if (messageKey) toastFail({ key: messageKey });
    navigate(redirectTo, { replace: true });
  }, [redirectTo, messageKey, navigate, pathname]);

  const mustRestore = decision.kind === 'fetchUserInfo';
  useEffect(() => {
    if (!mustRestore) return;
    // On success the store update re-runs this guard, which is the retried navigation. The sign-out
    // redirect must happen even though clearing the session has already re-rendered this guard.
    void restoreUserInfo(dispatch, store.getState).then((outcome) => {
      if (outcome.kind === 'signedOut') navigate(outcome.to, { replace: true });
      else if (outcome.kind === 'unavailable') setFailure({ message: outcome.message, offline: outcome.offline });
    });
  }, [mustRestore, dispatch, store, navigate, attempt]);

  // Back online, the user info is asked again by itself.
  useEffect(() => {
    if (!failure) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure, retry]);

  if (mustRestore && failure) {
    // Offline the shopper keeps using what was seen last (the pages read their last answers), and a
    // page open to guests needs no user info; the token stays either way. Otherwise, online without an
    // answer (timeout, server down): the error, and a Retry.
    return failure.offline || isPublic ? { kind: 'allow' } : { kind: 'unavailable', message: failure.message, retry };
  }
  return decision;
};
