import { sessionCleared, userInfoLoaded, type AppDispatch, type RootState } from '@marketplace/shared';
import { afterUserInfoFailure } from './guard-rules';
import { sessionApi } from './api';

/**
 * Token but no user info: fetch it. On failure log out and send the user to /login; when logout
 * fails too, drop the token here and send the user to /. Resolves to where to go, or null to retry
 * the navigation as it was.
 */
const restore = async (dispatch: AppDispatch, getState: () => RootState): Promise<string | null> => {
  const request = dispatch(sessionApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  try {
    dispatch(userInfoLoaded(await request.unwrap()));
    return null;
  } catch {
    const lang = getState().session.setting.lang.file_name;
    const logout = dispatch(sessionApi.endpoints.logoutUser.initiate({ lang }));
    const loggedOut = await logout.unwrap().then(
      () => true,
      () => false,
    );
    // A successful logout ends the session on the server; the client forgets it either way.
    dispatch(sessionCleared());
    return afterUserInfoFailure(loggedOut);
  } finally {
    request.unsubscribe();
  }
};

let pending: Promise<string | null> | null = null;

/** One fetch however many guards ask at once (StrictMode, quick successive navigations). */
export const restoreUserInfo = (dispatch: AppDispatch, getState: () => RootState): Promise<string | null> => {
  pending ??= restore(dispatch, getState).finally(() => {
    pending = null;
  });
  return pending;
};
