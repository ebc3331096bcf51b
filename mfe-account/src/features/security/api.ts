import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { ForgotPayResetBody, ResetPasswordBody, ResetPayBody } from '@marketplace/shared/contracts';

const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeLoginPassword: build.mutation<unknown, ResetPasswordBody>({
      query: (body) => ({ url: '/user/resetpwd', method: 'POST', body }),
    }),
    changePaymentCode: build.mutation<unknown, ResetPayBody>({
      query: (body) => ({ url: '/user/resetPay', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    // "Forgot payment code?": a one-time code to the shopper's email, then a new code with it.
    sendPaymentCodeResetCode: build.mutation<unknown, void>({
      query: () => ({ url: '/user/forgot_pay/send', method: 'POST' }),
    }),
    resetForgottenPaymentCode: build.mutation<unknown, ForgotPayResetBody>({
      query: (body) => ({ url: '/user/forgot_pay/reset', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const {
  useChangeLoginPasswordMutation,
  useChangePaymentCodeMutation,
  useSendPaymentCodeResetCodeMutation,
  useResetForgottenPaymentCodeMutation,
} = securityApi;
