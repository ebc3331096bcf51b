import { selectLang, sessionCleared, toastSuccess, useAppDispatch, useAppSelector } from '@marketplace/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutUserMutation } from '../../auth';

/** Ends the session on the server, then here. A failed call still signs this device out. */
export const useLogout = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lang = useAppSelector(selectLang).file_name;
  const [logoutUser, { isLoading }] = useLogoutUserMutation();

  const logout = useCallback(async () => {
    const result = await logoutUser({ lang });
    dispatch(sessionCleared());
    if (!result.error) toastSuccess({ key: 'errors:ok.logout' });
    navigate('/login', { replace: true });
  }, [dispatch, lang, logoutUser, navigate]);

  return { logout, isLoading };
};
