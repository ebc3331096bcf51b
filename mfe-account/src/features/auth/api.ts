import { ENDPOINTS_DEFINED_ONCE, sessionApi } from '@marketplace/shared';
import type { LoginBody, LoginResult, RegisterBody } from '@marketplace/shared/contracts';

interface ForgotPasswordResetBody {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Sign-in, sign-up and password reset; signing out is the session's `logoutUser` (shared). */
const authApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    loginUser: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    registerUser: build.mutation<unknown, RegisterBody>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    sendPasswordResetCode: build.mutation<unknown, { account: string }>({
      query: (body) => ({ url: '/user/forgot_password/send', method: 'POST', body }),
    }),
    resetForgottenPassword: build.mutation<unknown, ForgotPasswordResetBody>({
      query: (body) => ({ url: '/user/forgot_password/reset', method: 'POST', body }),
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const {
  useLoginUserMutation,
  useRegisterUserMutation,
  useLogoutUserMutation,
  useSendPasswordResetCodeMutation,
  useResetForgottenPasswordMutation,
} = authApi;
