import { newRequestId } from '@marketplace/shared/contracts';

/**
 * One card payment attempt: the request id the server and its acquirer apply once, and the details it
 * was made with. Submitting the same details again (double tap, a lost answer) reuses the id, so the card
 * is credited once; any other details, or any answer that refused the attempt (a decline, a rule), start
 * a new attempt with a fresh id: a declined card's id must never be replayed for the next card.
 */
interface CardAttempt {
  requestId: string;
  /** The details last sent under `requestId`; null until sent. */
  details: string | null;
}

export const freshAttempt = (): CardAttempt => ({ requestId: newRequestId(), details: null });

/** The attempt to send `details` under. */
export const attemptFor = (attempt: CardAttempt, details: string): CardAttempt =>
  attempt.details === null || attempt.details === details
    ? { ...attempt, details }
    : { requestId: newRequestId(), details };

/**
 * After a failed submit: an answer from the server (it saw the attempt and refused it) ends the attempt;
 * no answer (the connection dropped, it may have been charged) keeps it, so the same retry stays one payment.
 */
export const afterFailure = (attempt: CardAttempt, serverAnswered: boolean): CardAttempt =>
  serverAnswered ? freshAttempt() : attempt;

/** "1229" → "12/29" as the shopper types: digits only, the slash inserted after the month. */
export const formatExpiry = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** MM/YY (or MM/YYYY) → month and four-digit year; null when it is not a month. */
export const expiryOf = (value: string): { month: number; year: number } | null => {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};
