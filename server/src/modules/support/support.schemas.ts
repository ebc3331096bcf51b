/** Operator calls carry the `admin-token` header; shopper tokens are never accepted there. */
export { adminTokenHeaders as adminHeaders } from '../admin/operator-route-kit';

/** A shopper writes a handful of messages; the limit stops a script, not a person. */
export const serviceMessageRateLimit = () => ({
  max: Number(process.env.SERVICE_RATE_LIMIT_MAX) || 20,
  timeWindow: 60_000,
});
