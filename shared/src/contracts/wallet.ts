/** Recharge methods of spec section 3, in the order the top-up entry lists them. */
export const RECHARGE_METHODS = ['bank', 'onChain', 'card', 'manual'] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];
