import { z } from 'zod';
import { ADMIN_TOKEN_HEADER } from '../admin/admin-auth';

export { tokenHeaders } from '../user/user.schemas';

/** Operator calls carry the `admin-token` header; shopper tokens are never accepted there. */
export const adminHeaders = z.looseObject({ [ADMIN_TOKEN_HEADER]: z.string().max(512).optional() });

/** A shopper writes a handful of messages; the limit stops a script, not a person. */
export const serviceMessageRateLimit = () => ({
  max: Number(process.env.SERVICE_RATE_LIMIT_MAX) || 20,
  timeWindow: 60_000,
});
