import { z } from 'zod';
import { bodyIdField, isLanguageCode } from '@marketplace/shared/contracts';
import { SELLER_ROLES } from '../../db/schema/sellers';

const noNul = (value: string) => !value.includes('\u0000');

export const email = z
  .string('err.seller.emailInvalid')
  .trim()
  .toLowerCase()
  .max(254, 'err.seller.emailInvalid')
  .pipe(z.email('err.seller.emailInvalid'));
const password = z
  .string('err.seller.passwordLength')
  .min(12, 'err.seller.passwordLength')
  .max(128, 'err.seller.passwordLength')
  .refine(noNul, 'err.seller.passwordLength');
const totpCode = z.string('err.seller.codeFormat').regex(/^\d{6}$/, 'err.seller.codeFormat');
export const inviteCode = z
  .string('err.seller.inviteInvalid')
  .min(1, 'err.seller.inviteInvalid')
  .max(128, 'err.seller.inviteInvalid')
  .refine(noNul, 'err.seller.inviteInvalid');
const signInPassword = z
  .string('err.seller.signInFailed')
  .min(1, 'err.seller.signInFailed')
  .max(128, 'err.seller.signInFailed')
  .refine(noNul, 'err.seller.signInFailed');

/** Staff roles: the owner's is never given by invitation. */
export const staffRoles = z
  .array(
    z.enum(
      SELLER_ROLES.filter((role) => role !== 'owner') as ['listings', 'orders', 'finance'],
      'err.seller.rolesInvalid',
    ),
    'err.seller.rolesInvalid',
  )
  .min(1, 'err.seller.rolesInvalid')
  .max(3, 'err.seller.rolesInvalid')
  .transform((list) => [...new Set(list)]);

export const staffId = z.object({ id: bodyIdField('err.seller.staffNotFound') });
export const signInBody = z.object({ email, password: signInPassword, code: totpCode });
export const setupBody = z.object({ code: inviteCode, password });
export const setupConfirmBody = z.object({ code: inviteCode, totp: totpCode });
export const approveBody = z.object({ id: bodyIdField('err.seller.applicationNotFound'), email });

/** The seller calls' own header (the OpenAPI document and validation of its shape). */
export const sellerHeaders = z.looseObject({ 'seller-token': z.string().max(512).optional() });

/** The shop profile: name and a description per language (English is the fallback a shopper reads). */
export const profileBody = z.object({
  name: z
    .string('err.seller.nameInvalid')
    .trim()
    .min(1, 'err.seller.nameInvalid')
    .max(100, 'err.seller.nameInvalid')
    .refine(noNul, 'err.seller.nameInvalid'),
  descriptions: z
    .record(
      z.string('err.languageUnknown').max(8, 'err.languageUnknown'),
      z
        .string('err.seller.descriptionTooLong')
        .trim()
        .max(2000, 'err.seller.descriptionTooLong')
        .refine(noNul, 'err.seller.descriptionTooLong'),
      'err.invalidBody',
    )
    .refine((map) => Object.keys(map).every(isLanguageCode), 'err.languageUnknown')
    .default({}),
});

export const pictureQuery = z.object({ kind: z.enum(['logo', 'banner'], 'err.invalidBody') });

export const replyBody = z.object({
  id: bodyIdField('err.seller.reviewNotFound'),
  reply: z
    .string('err.seller.replyLength')
    .trim()
    .min(1, 'err.seller.replyLength')
    .max(1000, 'err.seller.replyLength')
    .refine(noNul, 'err.seller.replyLength'),
});
