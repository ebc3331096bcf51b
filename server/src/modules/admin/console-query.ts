import { z } from 'zod';

const noNul = (value: string) => !value.includes('\u0000');

/** `%`, `_` and `\` in a search stay literal in ILIKE; the text is found anywhere in the value. */
export const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search box's text: part of a number, an account, an e-mail or a phone number (any case). */
export const searchText = z
  .string('err.invalidField')
  .trim()
  .max(64, 'err.invalidField')
  .refine(noNul, 'err.invalidField')
  .default('');

/** A shopper named by account (exact, any case), as operators know them. */
export const accountField = z
  .string('err.admin.userNotFound')
  .trim()
  .min(1, 'err.admin.userNotFound')
  .max(64, 'err.admin.userNotFound')
  .refine(noNul, 'err.admin.userNotFound');

/** The reason an operator gives for a decision on a shopper (freeze, unlock): required, kept in the audit. */
export const reasonField = z
  .string('err.admin.reasonRequired')
  .trim()
  .min(1, 'err.admin.reasonRequired')
  .max(500, 'err.admin.reasonRequired')
  .refine(noNul, 'err.admin.reasonRequired');

/** A day or an instant (`2026-12-07` or ISO) bounding a date filter. */
export const dateField = z
  .string('err.invalidField')
  .max(40, 'err.invalidField')
  .refine((text) => !Number.isNaN(Date.parse(text)), 'err.invalidField')
  .transform((text) => new Date(text))
  .optional();

/** Integer cents bounding an amount filter. */
const centsField = z.coerce
  .number('err.invalidField')
  .int('err.invalidField')
  .min(0, 'err.invalidField')
  .max(100_000_000_00, 'err.invalidField')
  .optional();

/**
 * What every console queue takes: search text, a date range (`to` exclusive), an amount range in cents,
 * a sort (`createdAt` or `amount`, either way) and a page of up to 500 rows (the CSV export reads every
 * filtered row a page at a time).
 */
export const queueQuery = z.object({
  q: searchText,
  from: dateField,
  to: dateField,
  min: centsField,
  max: centsField,
  sort: z.enum(['createdAt', 'amount'], 'err.invalidField').default('createdAt'),
  order: z.enum(['ascend', 'descend'], 'err.invalidField').default('descend'),
  page: z.coerce.number('err.invalidField').int('err.invalidField').min(1).max(100_000).default(1),
  pageSize: z.coerce.number('err.invalidField').int('err.invalidField').min(1).max(500).default(20),
});
export type QueueQuery = z.infer<typeof queueQuery>;
