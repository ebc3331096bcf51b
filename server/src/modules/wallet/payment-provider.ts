import { randomUUID } from 'node:crypto';
import { SANDBOX_CARDS, type CardOutcome } from '@marketplace/shared/contracts';

export interface CardCharge {
  amountCents: number;
  /** Digits only, Luhn-checked by the request schema. */
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  /** Same key, same outcome: a retried submit is charged once by the provider too. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { ok: true; brand: string; last4: string; reference: string }
  | { ok: false; reason: Exclude<CardOutcome, 'success'> };

/** What the wallet needs of a card acquirer. A real one (Stripe, Adyen, ...) implements this with its SDK. */
export interface PaymentProvider {
  readonly name: string;
  charge(charge: CardCharge): Promise<ChargeResult>;
}

/** Card brand from the number's issuer prefix. */
const cardBrand = (digits: string): string => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  return 'card';
};

/**
 * The sandbox acquirer that ships with the app: no money moves. The numbers in `SANDBOX_CARDS`
 * behave as named (declined, insufficient funds, expired); any other Luhn-valid number succeeds.
 * Outcomes are remembered per idempotency key, as a real acquirer does.
 */
const createSandboxProvider = (): PaymentProvider => {
  const seen = new Map<string, ChargeResult>();
  return {
    name: 'sandbox',
    async charge(charge) {
      const known = seen.get(charge.idempotencyKey);
      if (known) return known;
      const named = SANDBOX_CARDS.find((card) => card.number === charge.cardNumber);
      const result: ChargeResult =
        named && named.outcome !== 'success'
          ? { ok: false, reason: named.outcome }
          : {
              ok: true,
              brand: cardBrand(charge.cardNumber),
              last4: charge.cardNumber.slice(-4),
              reference: `sandbox_${randomUUID()}`,
            };
      if (seen.size >= 10_000) seen.delete(seen.keys().next().value as string);
      seen.set(charge.idempotencyKey, result);
      return result;
    },
  };
};

/** Logged at every start with the sandbox switched on explicitly. */
const CARD_SANDBOX_WARNING =
  'CARD_SANDBOX is on: card top-ups credit the balance without moving any money (sandbox acquirer). Never use it where shoppers pay real money';

interface CardProviderChoice {
  /** A real acquirer, when one is configured: always wins. */
  provider?: PaymentProvider;
  /** `CARD_SANDBOX`: true on (warned), false off, undefined = on only on the embedded database. */
  sandbox?: boolean;
  databaseKind: 'pglite' | 'postgres';
  log: { warn(message: string): void };
}

/**
 * The acquirer card top-ups go through, or none (card top-ups are then refused with
 * `err.wallet.cardUnavailable`). The sandbox credits any Luhn-valid number, so it runs only on the
 * embedded demo database or where an operator asked for it.
 */
export const chooseCardProvider = ({
  provider,
  sandbox,
  databaseKind,
  log,
}: CardProviderChoice): PaymentProvider | undefined => {
  if (provider) return provider;
  if (sandbox === true) {
    log.warn(CARD_SANDBOX_WARNING);
    return createSandboxProvider();
  }
  return sandbox === undefined && databaseKind === 'pglite' ? createSandboxProvider() : undefined;
};
