import { api } from '@marketplace/shared';
import type { LoginBody, LoginResult, RegisterBody } from '@marketplace/shared/contracts';

interface ForgotPasswordResetBody {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginUser: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    registerUser: build.mutation<unknown, RegisterBody>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    // Spec section 7 sends the language in the query string of the logout call.
    logoutUser: build.mutation<unknown, { lang: string }>({
      query: ({ lang }) => ({ url: '/user/logout', method: 'POST', params: { lang } }),
    }),
    sendPasswordResetCode: build.mutation<unknown, { account: string }>({
      query: (body) => ({ url: '/user/forgot_password/send', method: 'POST', body }),
    }),
    resetForgottenPassword: build.mutation<unknown, ForgotPasswordResetBody>({
      query: (body) => ({ url: '/user/forgot_password/reset', method: 'POST', body }),
    }),
  }),
  overrideExisting: false,
});

export const {
  useLoginUserMutation,
  useRegisterUserMutation,
  useLogoutUserMutation,
  useSendPasswordResetCodeMutation,
  useResetForgottenPasswordMutation,
} = authApi;
