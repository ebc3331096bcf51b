import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { bodyIdField } from './ids';
import { paymentCodeField } from './user';

/** Recharge methods of requirements §6.1, in the order the top-up entry lists them. */
export const RECHARGE_METHODS = ['bank', 'onChain', 'card', 'manual'] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];
/** Methods completed by an operator looking at the shopper's payment evidence. */
export const EVIDENCE_METHODS = ['bank', 'onChain', 'manual'] as const;
export type EvidenceMethod = (typeof EVIDENCE_METHODS)[number];

/** Withdrawal `drawType` of requirements §6.2. */
export const DRAW_TYPES = ['bank', 'onChain'] as const;
export type DrawType = (typeof DRAW_TYPES)[number];

/** Audit status of requirements §6.3: 0 auditing, 1 passed (a withdrawal is then paid), 2 refused. */
export const AuditStatus = { AUDITING: 0, PASSED: 1, REFUSED: 2 } as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];
/** The record screens' filter tabs, in the order of requirements §6.3. */
export const AUDIT_FILTERS = ['all', '2', '0', '1'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/** Largest single top-up or withdrawal, integer cents ($1,000,000). */
export const MAX_WALLET_AMOUNT_CENTS = 100_000_000;
/** Default withdrawal service charge in basis points (1 %); the server's configuration decides. */
export const DEFAULT_SERVICE_CHARGE_BP = 100;

/** Service charge of a withdrawal, rounded up to the cent; the arrival is the rest. */
export const serviceChargeFor = (drawAmount: number, rateBp: number): number =>
  Math.ceil((drawAmount * rateBp) / 10_000);

/** Networks whose deposits the platform refuses (requirements §6.1 deposit notes). */
export const UNSUPPORTED_NETWORK_PATTERN = /\b(dex|bsc|bep-?20|heco|hrc-?20)\b/i;

/** Luhn check of a card or bank card number (digits only). */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** Spaces and dashes people type inside card numbers are not part of the number. */
export const cardDigits = (input: string): string => input.replace(/[\s-]/g, '');

/** A deposit channel: where the shopper sends money for a bank, on-chain or manual top-up. */
export interface DepositChannel {
  id: number;
  method: EvidenceMethod;
  /** e.g. "USDT-TRC20" or "Marketplace Test Bank". */
  name: string;
  /** The platform's deposit address or bank account the shopper pays to. */
  address: string;
  /** Account holder for banks, coin for chains; shown under the address. */
  detail: string;
  /** Smallest top-up accepted on this channel, integer cents. */
  minAmount: number;
}

/** `GET /api/user/getBlockchain`: the deposit channels operators have switched on, by method. */
export interface BlockchainInfo {
  channels: DepositChannel[];
  /**
   * Card top-ups go through the sandbox acquirer (no money moves): the app may then show its test cards
   * and build details, which a shopper paying real money never sees.
   */
  cardSandbox?: boolean;
}

/** Requests carry a client-made key so a repeated submit (double tap, retry) is applied once. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'err.wallet.requestId')
  .optional();

const amountCents = (message: string) =>
  z.number(message).int(message).positive(message).max(MAX_WALLET_AMOUNT_CENTS, message);

const noNul = (value: string) => !value.includes('\u0000');

/** `POST /api/user/recharge`, bank / on-chain / manual: a request an operator approves. */
export const evidenceRechargeBody = z.object({
  method: z.enum(EVIDENCE_METHODS, 'err.wallet.methodInvalid'),
  /** Deposit channel id (`getBlockchain`). */
  network: bodyIdField('err.wallet.chooseNetwork'),
  /** Where the shopper paid from: sending address, bank account or payer reference. */
  address: z
    .string('err.wallet.fillAddress')
    .trim()
    .min(1, 'err.wallet.fillAddress')
    .max(128, 'err.wallet.fillAddress')
    .refine(noNul, 'err.wallet.fillAddress'),
  amount: amountCents('err.wallet.fillAmount'),
  /** Upload id of the payment evidence (`POST /api/upload`). */
  evidence: z
    .string('err.wallet.uploadEvidence')
    .min(1, 'err.wallet.uploadEvidence')
    .max(64, 'err.wallet.uploadEvidence')
    .refine(noNul, 'err.wallet.uploadEvidence'),
  /** The shopper confirmed the deposit notes (same network as the withdrawing platform; no DEX, BSC, HECO). */
  acceptNotes: z.literal(true, 'err.wallet.acceptNotes'),
  requestId,
});
export type EvidenceRechargeBody = z.infer<typeof evidenceRechargeBody>;

/** `POST /api/user/recharge`, card: charged through the payment provider and credited at once. */
export const cardRechargeBody = z.object({
  method: z.literal('card', 'err.wallet.methodInvalid'),
  amount: amountCents('err.wallet.fillAmount'),
  cardNumber: z
    .string('err.wallet.cardNumber')
    .max(32, 'err.wallet.cardNumber')
    .transform(cardDigits)
    .refine(luhnValid, 'err.wallet.cardNumber'),
  expiryMonth: z
    .number('err.wallet.expiry')
    .int('err.wallet.expiry')
    .min(1, 'err.wallet.expiry')
    .max(12, 'err.wallet.expiry'),
  /** Four-digit year. */
  expiryYear: z
    .number('err.wallet.expiry')
    .int('err.wallet.expiry')
    .min(2000, 'err.wallet.expiry')
    .max(2100, 'err.wallet.expiry'),
  cvc: z.string('err.wallet.cvc').regex(/^\d{3,4}$/, 'err.wallet.cvc'),
  requestId,
});
export type CardRechargeBody = z.infer<typeof cardRechargeBody>;

export const rechargeBody = z.discriminatedUnion('method', [evidenceRechargeBody, cardRechargeBody], {
  error: 'err.wallet.methodInvalid',
});
export type RechargeBody = z.infer<typeof rechargeBody>;

/** `POST /api/user/extract`: withdraw; the amount is held at once, the charge comes out of it. */
export const withdrawBody = z
  .object({
    drawType: z.enum(DRAW_TYPES, 'err.wallet.drawType'),
    drawAmount: amountCents('err.wallet.drawAmount'),
    bankCardNo: z.string().max(32, 'err.wallet.bankCardNo').optional(),
    bankName: z.string().trim().max(64, 'err.wallet.bankName').refine(noNul, 'err.wallet.bankName').optional(),
    /** Deposit-channel id of the on-chain network to pay out on. */
    network: bodyIdField('err.wallet.chooseNetwork').optional(),
    address: z
      .string()
      .trim()
      .max(128, 'err.wallet.withdrawAddress')
      .refine(noNul, 'err.wallet.withdrawAddress')
      .optional(),
    paymentCode: paymentCodeField,
    requestId,
  })
  .superRefine((body, ctx) => {
    if (body.drawType === 'bank') {
      if (!luhnValid(cardDigits(body.bankCardNo ?? ''))) {
        ctx.addIssue({ code: 'custom', path: ['bankCardNo'], message: 'err.wallet.bankCardNo' });
      }
      if (!body.bankName) ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'err.wallet.bankName' });
    } else {
      if (!body.network) ctx.addIssue({ code: 'custom', path: ['network'], message: 'err.wallet.chooseNetwork' });
      if (!body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'err.wallet.withdrawAddress' });
    }
  });
export type WithdrawBody = z.input<typeof withdrawBody>;

/** `GET /api/user/extract`: what the withdraw screen needs before the shopper confirms. */
export interface WithdrawInfo {
  balance: number;
  /** Service charge rate in basis points (100 = 1 %). */
  serviceChargeBp: number;
  /** Smallest withdrawal, integer cents. */
  minAmount: number;
  /** On-chain networks a withdrawal can be paid out on. */
  networks: Pick<DepositChannel, 'id' | 'name'>[];
}

export const recordQuery = pageQuerySchema.extend({
  status: z.enum(AUDIT_FILTERS, 'err.invalidField').default('all'),
});
export type RecordQuery = z.infer<typeof recordQuery>;

/** One row of `/topUpRecord` (`recharge_log`). Money in integer cents. */
export interface RechargeRecord {
  id: number;
  rechargeNo: string;
  method: RechargeMethod;
  /** Channel name for evidence methods; card brand for cards. */
  network: string;
  /** Where the shopper paid from (masked card "•••• 4242" for cards). */
  address: string;
  amount: number;
  actualArrival: number;
  status: AuditStatus;
  /** Operator's reason when refused. */
  reason: string;
  createdAt: string;
  decidedAt: string | null;
}

/** One row of `/depositRecord` (`extract_log`). */
export interface WithdrawalRecord {
  id: number;
  withdrawalNo: string;
  drawType: DrawType;
  drawAmount: number;
  serviceCharge: number;
  actualArrival: number;
  /** Bank name or network. */
  bankName: string;
  /** Masked bank card number or the chain address. */
  account: string;
  status: AuditStatus;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
}

/** `POST /api/user/recharge` answer. */
export interface RechargeResult {
  record: RechargeRecord;
  balance: number;
}

/** `POST /api/user/extract` answer. */
export interface WithdrawResult {
  record: WithdrawalRecord;
  balance: number;
}

/** `GET /api/user/balance_history`: the balance after each of the latest entries, oldest first. */
export interface BalancePoint {
  at: string;
  balance: number;
}

/**
 * Test cards of the sandbox payment provider that ships with the app (README "Card top-up").
 * Any other Luhn-valid number with a future expiry succeeds.
 */
export const SANDBOX_CARDS = [
  { number: '4242424242424242', brand: 'visa', outcome: 'success' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'success' },
  { number: '4000000000000002', brand: 'visa', outcome: 'declined' },
  { number: '4000000000009995', brand: 'visa', outcome: 'insufficientFunds' },
  { number: '4000000000000069', brand: 'visa', outcome: 'expired' },
] as const;
export type CardOutcome = (typeof SANDBOX_CARDS)[number]['outcome'];
