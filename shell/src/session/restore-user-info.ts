import {
  links,
  isOffline,
  sessionCleared,
  toastFail,
  userInfoLoaded,
  type ApiError,
  type AppDispatch,
  type RootState,
  sessionApi,
} from '@marketplace/shared';
import { afterUserInfoFailure, endsSession } from './guard-rules';

/** How restoring the user info ended. */
type RestoreOutcome =
  | { kind: 'restored' }
  /** The server refused the token (401): logged out, go to `to` (requirements §2.3). */
  | { kind: 'signedOut'; to: string }
  /** No answer (timeout, network, server error): the token stays, the shopper may retry. */
  | { kind: 'unavailable'; message: string; offline: boolean };

const errorOf = (error: unknown): ApiError | null =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as ApiError) : null;

/**
 * Token but no user info: fetch it. Only an authentication failure (401) ends the session: then log
 * out and go to /login, or to / when logout fails too and the token could only be dropped here. A slow
 * or failed network keeps the token (docs/decisions/0005-installable-offline.md): the caller shows the error with a Retry.
 */
const restore = async (dispatch: AppDispatch, getState: () => RootState): Promise<RestoreOutcome> => {
  const request = dispatch(sessionApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  try {
    dispatch(userInfoLoaded(await request.unwrap()));
    return { kind: 'restored' };
  } catch (caught) {
    const error = errorOf(caught);
    if (!endsSession(error)) {
      return {
        kind: 'unavailable',
        message: error?.message ?? '',
        offline: isOffline() || error?.status === 'FETCH_ERROR',
      };
    }
    const lang = getState().session.setting.lang.file_name;
    const logout = dispatch(sessionApi.endpoints.logoutUser.initiate({ lang }));
    const loggedOut = await logout.unwrap().then(
      () => true,
      () => false,
    );
    // A successful logout ends the session on the server; the client forgets it either way.
    dispatch(sessionCleared());
    const to = afterUserInfoFailure(loggedOut);
    if (to === links.login()) toastFail({ key: 'common:loginFirst' });
    return { kind: 'signedOut', to };
  } finally {
    request.unsubscribe();
  }
};

let pending: Promise<RestoreOutcome> | null = null;

/** One fetch however many guards ask at once (StrictMode, quick successive navigations). */
export const restoreUserInfo = (dispatch: AppDispatch, getState: () => RootState): Promise<RestoreOutcome> => {
  pending ??= restore(dispatch, getState).finally(() => {
    pending = null;
  });
  return pending;
};
