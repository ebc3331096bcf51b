import {
  selectToken,
  selectUserInfo,
  toastFail,
  useAppDispatch,
  useAppSelector,
  type RootState,
} from '@marketplace/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'react-redux';
import { decideNavigation, isPublicPath, type GuardDecision } from './guard-rules';
import { restoreUserInfo } from './restore-user-info';

/** Applies the spec's navigation rules to the current page; the page renders only on `allow`. */
export const useRouteGuard = (pathname: string, routeIsPublic: boolean): GuardDecision => {
  const hasToken = Boolean(useAppSelector(selectToken));
  const hasUserInfo = Boolean(useAppSelector(selectUserInfo));
  const { search } = useLocation();
  const decision = decideNavigation({
    pathname,
    search,
    isPublic: isPublicPath(pathname, routeIsPublic),
    hasToken,
    hasUserInfo,
  });
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

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
    // On success the store update re-runs this guard, which is the retried navigation. The failure
    // redirect must happen even though clearing the session has already re-rendered this guard.
    void restoreUserInfo(dispatch, store.getState).then((to) => {
      if (to) navigate(to, { replace: true });
    });
  }, [mustRestore, dispatch, store, navigate]);

  return decision;
};
