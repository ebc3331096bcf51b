import { api } from '@marketplace/shared';
import type { ResetPasswordBody, ResetPayBody } from '@marketplace/shared/contracts';

export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeLoginPassword: build.mutation<unknown, ResetPasswordBody>({
      query: (body) => ({ url: '/user/resetpwd', method: 'POST', body }),
    }),
    changePaymentCode: build.mutation<unknown, ResetPayBody>({
      query: (body) => ({ url: '/user/resetPay', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
  overrideExisting: false,
});

export const { useChangeLoginPasswordMutation, useChangePaymentCodeMutation } = securityApi;
