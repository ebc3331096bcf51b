import type { Address } from '@marketplace/shared/contracts';

/** The demo shopper's default address, as `GET /api/user/address_list` returns it. */
export const homeAddress: Address = {
  id: 1,
  addressee: 'Mei Chen',
  mobilePhone: '+1 555 0100',
  area: 'Springfield',
  detailedAddress: '1 Main St',
  tag: 'Home',
  isDefault: true,
};
