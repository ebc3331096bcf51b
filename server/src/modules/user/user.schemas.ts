import { z } from 'zod';
import type { forgotPasswordResetBody } from '@marketplace/shared/contracts';
export {
  emailVerifyBody,
  forgotPasswordResetBody,
  forgotPasswordSendBody,
  forgotPayResetBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  resetPayBody,
  setLanguageQuery,
  verifyPayBody,
} from '@marketplace/shared/contracts';

export type ForgotPasswordResetBody = z.infer<typeof forgotPasswordResetBody>;

/** Header schemas document `token` and `human-verification` in OpenAPI. */
export const tokenHeaders = z.looseObject({ token: z.string().max(512).optional() });
export const humanVerificationHeaders = z.looseObject({ 'human-verification': z.string().max(512).optional() });
export const logoutQuery = z.object({ lang: z.string().max(16).optional() });
