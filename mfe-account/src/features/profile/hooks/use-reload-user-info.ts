import { useAppDispatch, userInfoLoaded } from '@marketplace/shared';
import { useCallback } from 'react';
import { profileApi } from '../api';

/**
 * Fetches the user info afresh and puts it in the session, which the guard, checkout and the
 * wallet read. Resolves to the info, or null when the call failed (the base query has toasted).
 */
export const useReloadUserInfo = () => {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const request = dispatch(profileApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
    try {
      const info = await request.unwrap();
      dispatch(userInfoLoaded(info));
      return info;
    } catch {
      return null;
    } finally {
      request.unsubscribe();
    }
  }, [dispatch]);
};
