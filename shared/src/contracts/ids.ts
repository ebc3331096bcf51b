import { z } from 'zod';

/** Every id column is a PostgreSQL `integer` (serial): larger numbers can never name a row. */
export const MAX_ID = 2_147_483_647;

/** The one id schema for JSON bodies: a positive integer within the column's range, never a string. */
export const bodyIdField = (msg: string) => z.number(msg).int(msg).min(1, msg).max(MAX_ID, msg);

/** The one id schema for query strings: digits coerced to a positive integer within the column's range. */
export const queryIdField = (msg: string) => z.coerce.number(msg).int(msg).min(1, msg).max(MAX_ID, msg);
