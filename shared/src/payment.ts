/**
 * `@marketplace/shared/payment`: the payment-code popup, a federated singleton of its own that loads
 * with the screens that take a payment (it validates with zod, which the start path does without).
 */
export { PaymentCodePopup, type PaymentCodePopupProps } from './ui/payment-code-popup';
