import {
  loginSucceeded,
  returnPathAfterLogin,
  toastSuccess,
  useAppDispatch,
  userInfoLoaded,
} from '@marketplace/shared';
import type { LoginBody } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginUserMutation } from '../api';

/**
 * Logs in and stores the token. The login answer already carries the user info, so it goes into
 * the session in the same step: the guard then lets the shopper straight through.
 */
export const useLogin = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [loginUser, { isLoading }] = useLoginUserMutation();

  const login = useCallback(
    async (body: LoginBody, redirect: string | null) => {
      const result = await loginUser(body);
      if (result.error) return;
      const { token, ...userInfo } = result.data.userinfo;
      dispatch(loginSucceeded(token));
      dispatch(userInfoLoaded(userInfo));
      toastSuccess({ key: 'errors:ok.login' });
      navigate(returnPathAfterLogin(redirect), { replace: true });
    },
    [dispatch, loginUser, navigate],
  );

  return { login, isLoading };
};
