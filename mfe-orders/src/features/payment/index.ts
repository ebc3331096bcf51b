// The payment feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { PAYMENT_CODE_PATH, payResultPath, usePayOrders } from './hooks/use-pay-orders';
export type { PayOutcome } from './hooks/use-pay-orders';
