import { z } from 'zod';
import { bodyIdField, isLanguageCode, PRODUCT_CATEGORIES, queryIdField } from '@marketplace/shared/contracts';

/**
 * A seller's listing (docs/decisions/0012-variants-and-stock.md): title and description per language
 * (English required), one of the catalogue's categories, options, and a price and stock per variant.
 */
const noNul = (value: string) => !value.includes('\u0000');

const perLanguage = (message: string, min: number, max: number) =>
  z
    .record(
      z.string(message).max(8, 'err.languageUnknown'),
      z.string(message).trim().min(min, message).max(max, message).refine(noNul, message),
      message,
    )
    .refine((map) => Object.keys(map).every(isLanguageCode), 'err.languageUnknown');

const optionText = z
  .string('err.seller.specsInvalid')
  .trim()
  .min(1, 'err.seller.specsInvalid')
  .max(30, 'err.seller.specsInvalid')
  .refine(noNul, 'err.seller.specsInvalid');

const specs = z
  .array(
    z.object(
      {
        name: optionText,
        options: z
          .array(optionText, 'err.seller.specsInvalid')
          .min(1, 'err.seller.specsInvalid')
          .max(20, 'err.seller.specsInvalid')
          .refine((list) => new Set(list).size === list.length, 'err.seller.specsInvalid'),
      },
      'err.seller.specsInvalid',
    ),
    'err.seller.specsInvalid',
  )
  .max(3, 'err.seller.specsInvalid')
  .refine((list) => new Set(list.map((spec) => spec.name)).size === list.length, 'err.seller.specsInvalid');

const variant = z.object(
  {
    /** {} = the shared variant: every combination without its own row shares its price and stock. */
    spec: z.record(z.string('err.seller.variantsInvalid').max(30), optionText, 'err.seller.variantsInvalid'),
    unitPrice: z
      .number('err.seller.variantsInvalid')
      .int('err.seller.variantsInvalid')
      .min(0, 'err.seller.variantsInvalid')
      .max(100_000_000, 'err.seller.variantsInvalid'),
    stock: z
      .number('err.seller.variantsInvalid')
      .int('err.seller.variantsInvalid')
      .min(0, 'err.seller.variantsInvalid')
      .max(1_000_000, 'err.seller.variantsInvalid'),
  },
  'err.seller.variantsInvalid',
);

/** The seller's pictures in order, the first the cover: ids of the shop's own uploads (checked by the service). */
const pictures = z
  .array(
    z.string('err.seller.pictureInvalid').regex(/^[0-9a-f]{32}$/, 'err.seller.pictureInvalid'),
    'err.seller.pictureInvalid',
  )
  .max(9, 'err.seller.picturesTooMany')
  .refine((list) => new Set(list).size === list.length, 'err.seller.pictureInvalid');

export const listingBody = z.object({
  titles: perLanguage('err.seller.titleInvalid', 1, 120).refine(
    (map) => map.en !== undefined,
    'err.seller.titleInvalid',
  ),
  descriptions: perLanguage('err.seller.descriptionTooLong', 0, 2000).default({}),
  category: z.enum(PRODUCT_CATEGORIES, 'err.catalogue.badCategory'),
  specs: specs.default([]),
  variants: z
    .array(variant, 'err.seller.variantsInvalid')
    .min(1, 'err.seller.variantsInvalid')
    .max(200, 'err.seller.variantsInvalid'),
  pictures: pictures.default([]),
});
export type ListingBody = z.output<typeof listingBody>;

const LISTING_STATUSES = ['draft', 'published', 'unlisted'] as const;
const status = z.enum(LISTING_STATUSES, 'err.seller.statusInvalid');

export const createListingBody = listingBody.extend({ status: status.default('draft') });
export const editListingBody = listingBody.extend({ id: bodyIdField('err.seller.productNotFound') });
export const listingId = z.object({ id: bodyIdField('err.seller.productNotFound') });
export const listingStatusBody = listingId.extend({
  status: z.enum(['published', 'unlisted'], 'err.seller.statusInvalid'),
});
export const listingQuery = z.object({ id: queryIdField('err.seller.productNotFound') });

const csvCell = z.string('err.seller.csvInvalid').max(400, 'err.seller.csvInvalid');
/** An edited CSV's rows as the seller app read them (variants-csv.ts checks each). */
export const variantsImportBody = z.object({
  rows: z
    .array(
      z.object(
        {
          row: z.number('err.seller.csvInvalid').int('err.seller.csvInvalid').min(1, 'err.seller.csvInvalid'),
          productId: csvCell,
          variantKey: csvCell,
          price: csvCell,
          stock: csvCell,
        },
        'err.seller.csvInvalid',
      ),
      'err.seller.csvInvalid',
    )
    .min(1, 'err.seller.csvInvalid')
    .max(5_000, 'err.seller.csvInvalid'),
});
