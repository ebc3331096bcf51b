import { useLocation, useNavigate } from 'react-router-dom';
import { loginRedirect, selectToken, toastFail, useAppSelector } from '@marketplace/shared';

/**
 * Browsing is public but following, saving and the bag belong to an account: a guest is told
 * "Please login first" and taken to /login, which brings them back here once signed in (the shell's
 * guard's own loginRedirect). Returns whether the shopper may go on.
 */
export const useLoginFirst = (): (() => boolean) => {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = Boolean(useAppSelector(selectToken));
  return () => {
    if (signedIn) return true;
    toastFail({ key: 'common:loginFirst' });
    navigate(loginRedirect(`${pathname}${search}`));
    return false;
  };
};
