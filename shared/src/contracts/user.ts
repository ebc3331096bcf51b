import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, MIN_PAYMENT_CODE_LENGTH } from './constants';
import { LANGUAGE_CODES } from './languages';

/**
 * Request schemas shared by the account screens and the server. Error messages are i18n keys
 * of the `errors` catalogue (the server translates them; the client translates them too).
 */
const trimmed = z.string().trim();
export const accountField = trimmed.min(1, 'err.accountPasswordRequired').max(64, 'err.accountTooLong');
export const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'err.passwordTooShort')
  .max(128, 'err.passwordTooLong');
export const paymentCodeField = z
  .string()
  .regex(new RegExp(`^\\d{${MIN_PAYMENT_CODE_LENGTH},}$`), 'err.paymentCodeFormat')
  .max(32, 'err.paymentCodeFormat');
export const emailField = trimmed.max(254, 'err.emailInvalid').pipe(z.email('err.emailInvalid'));
/** International mobile number: optional +, 6 to 15 digits, spaces or dashes allowed. */
export const mobileField = trimmed.regex(/^\+?[0-9][0-9\s-]{5,19}$/, 'err.mobileInvalid');

// A missing field reads like an empty one: "Please input account and password" (requirements §3.3).
export const loginBody = z.object({
  account: z
    .string('err.accountPasswordRequired')
    .trim()
    .min(1, 'err.accountPasswordRequired')
    .max(64, 'err.accountTooLong'),
  password: z
    .string('err.accountPasswordRequired')
    .min(1, 'err.accountPasswordRequired')
    .max(128, 'err.passwordTooLong'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    account: accountField.regex(/^[A-Za-z0-9_.@+-]{3,64}$/, 'err.accountFormat'),
    password: passwordField,
    confirmPassword: z.string(),
    email: emailField.optional(),
    mobile: mobileField.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'err.passwordsMismatch', path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof registerBody>;

export const profileBody = z.object({
  familyName: trimmed.max(64, 'err.nameTooLong').optional(),
  givenName: trimmed.max(64, 'err.nameTooLong').optional(),
  email: z.union([z.literal(''), emailField]).optional(),
  mobile: z.union([z.literal(''), mobileField]).optional(),
  /** Required when the email or mobile changes: a borrowed session alone cannot redirect the account. */
  currentPassword: z.string().max(128, 'err.passwordTooLong').optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** `POST /api/user/email/verify`: the code mailed by `POST /api/user/email/send_code`. */
export const emailVerifyBody = z.object({ code: trimmed.regex(/^\d{6}$/, 'err.emailCodeInvalid') });
export type EmailVerifyBody = z.infer<typeof emailVerifyBody>;

/** `resetpwd`: change the login password. All sessions end afterwards. */
export const resetPasswordBody = z
  .object({
    oldPassword: z.string().min(1, 'err.oldPasswordRequired').max(128, 'err.passwordTooLong'),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'err.passwordsMismatch', path: ['confirmPassword'] })
  .refine((b) => b.password !== b.oldPassword, { message: 'err.passwordSameAsOld', path: ['password'] });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * `resetPay`: set or change the payment code. `oldPaymentCode` is required when one is already
 * set and left empty the first time (the server enforces which case applies).
 */
export const resetPayBody = z
  .object({
    oldPaymentCode: z.string().max(32).optional().default(''),
    paymentCode: paymentCodeField,
    confirmPaymentCode: z.string(),
  })
  .refine((b) => b.paymentCode === b.confirmPaymentCode, {
    message: 'err.passwordsMismatch',
    path: ['confirmPaymentCode'],
  })
  .refine((b) => !b.oldPaymentCode || b.paymentCode !== b.oldPaymentCode, {
    message: 'err.passwordSameAsOld',
    path: ['paymentCode'],
  });
export type ResetPayBody = z.infer<typeof resetPayBody>;

/**
 * "Forgot payment code?": `POST /api/user/forgot_pay/send` (no body) mails a one-time code to the signed-in
 * shopper's email; `POST /api/user/forgot_pay/reset` sets a new payment code with it (no old code needed).
 */
export const forgotPayResetBody = z
  .object({
    code: trimmed.regex(/^\d{6}$/, 'err.resetCodeInvalid'),
    paymentCode: paymentCodeField,
    confirmPaymentCode: z.string(),
  })
  .refine((b) => b.paymentCode === b.confirmPaymentCode, {
    message: 'err.passwordsMismatch',
    path: ['confirmPaymentCode'],
  });
export type ForgotPayResetBody = z.infer<typeof forgotPayResetBody>;

export const verifyPayBody = z.object({ paymentCode: z.string().min(1, 'err.payFail').max(32, 'err.payFail') });
export type VerifyPayBody = z.infer<typeof verifyPayBody>;

/** Forgot password, step 1: a one-time code is mailed to the account's email. */
export const forgotPasswordSendBody = z.object({ account: accountField });
/** Forgot password, step 2: the code plus the new password. All sessions end afterwards. */
export const forgotPasswordResetBody = z
  .object({
    account: accountField,
    code: trimmed.regex(/^\d{6}$/, 'err.resetCodeInvalid'),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'err.passwordsMismatch', path: ['confirmPassword'] });

export const setLanguageQuery = z.object({ lang: z.enum(LANGUAGE_CODES, 'err.languageUnknown') });

/** `getUserInfo` data. Money is integer cents. */
export interface UserInfo {
  id: number;
  account: string;
  familyName: string;
  givenName: string;
  email: string;
  mobile: string;
  /** Balance in integer cents. */
  balance: number;
  hasPaymentCode: boolean;
  /** The email was proven by a mailed code; password-reset codes go only to a verified email. */
  emailVerified?: boolean;
  lang: string;
  createdAt: string;
  /** VIP level (0 = none), raised by `POST /api/user/vipUpgrade`. */
  vipLevel?: number;
}

/** `login` data: `data.userinfo.token` per requirements §3.1. */
export interface LoginResult {
  userinfo: UserInfo & { token: string };
}

/** `verify_pay` failure detail, so the client can lead to settings or show the lock. */
export type VerifyPayFailure =
  | { reason: 'PAYMENT_CODE_NOT_SET' }
  | { reason: 'WRONG_PAYMENT_CODE'; attemptsLeft: number }
  | { reason: 'PAYMENT_LOCKED'; lockedUntil: string };

/** The `VerifyPayFailure` a refused payment-code check carries in `data`, or null for any other refusal. */
export const paymentFailureOf = (data: unknown): VerifyPayFailure | null =>
  typeof data === 'object' && data !== null && typeof (data as { reason?: unknown }).reason === 'string'
    ? (data as VerifyPayFailure)
    : null;

/** A client request id (32 hex digits) that makes a repeated money request apply once. */
export const newRequestId = (): string => crypto.randomUUID().replace(/-/g, '');
