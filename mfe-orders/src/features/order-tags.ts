/** What a change to one order makes stale: that order and every order list it may stand in. */
export const orderTags = (id: number) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: 'LIST' },
];
