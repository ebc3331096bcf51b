import { z } from 'zod';
import { bodyIdField, queryIdField } from './ids';
import { mobileField } from './user';

/**
 * Shipping addresses (requirements §3.5). Every field is required; a missing one reads like an
 * empty one so the shopper sees which field to fill in. Messages are keys of the `errors` catalogue.
 */
const required = (key: string, max: number) => z.string(key).trim().min(1, key).max(max, key);

export const addressBody = z.object({
  /** Present: update that address (it must be the caller's); absent: create a new one. */
  id: queryIdField('err.address.notFound').optional(),
  addressee: required('err.address.fillAddressee', 64),
  mobilePhone: z.string('err.mobileInvalid').pipe(mobileField),
  area: required('err.address.fillArea', 128),
  detailedAddress: required('err.address.fillDetailedAddress', 256),
  tag: required('err.address.fillTag', 32),
  isDefault: z.boolean().default(false),
});
export type AddressBody = z.input<typeof addressBody>;

/** `GET /api/user/address?id`, `GET /api/user/address_del?id` */
export const addressIdQuery = z.object({
  id: queryIdField('err.address.notFound'),
});
/** `POST /api/user/address_set_default` */
export const addressIdBody = z.object({ id: bodyIdField('err.address.notFound') });

/** Exactly one of a shopper's addresses is the default (the first one becomes it automatically). */
export interface Address {
  id: number;
  addressee: string;
  mobilePhone: string;
  area: string;
  detailedAddress: string;
  tag: string;
  isDefault: boolean;
}

/** Tags the address form offers; any other short text is accepted too. */
export const ADDRESS_TAGS = ['home', 'company', 'school'] as const;
