import { ReleaseError } from '../errors';

/** The server refused the credential (401/403): asking again cannot help. */
export class HealthAccessError extends ReleaseError {
  override name = 'HealthAccessError';
}

/** One row of GET /api/admin/release/health (server/src/modules/telemetry). */
export interface HealthRow {
  version: string;
  cohort: 'stable' | 'canary' | 'other';
  sessions: number;
  loadFailures: number;
  errors: number;
}

/** Field health of one remote since a moment (epoch ms), per version and cohort. */
export type HealthSource = (remote: string, sinceMs: number) => Promise<HealthRow[]>;

interface HttpHealthOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:3000` (RELEASE_HEALTH_URL). */
  url: string;
  /** An operator session token (RELEASE_OPERATOR_TOKEN) with the release or admin role… */
  operatorToken?: string;
  /** …or the automation token (RELEASE_ADMIN_TOKEN; local automation only). */
  adminToken?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Reads the server's health endpoint with an operator credential. */
export const httpHealthSource = ({
  url,
  operatorToken,
  adminToken,
  fetch: fetchImpl = fetch,
  timeoutMs = 10_000,
}: HttpHealthOptions): HealthSource => {
  if (!operatorToken && !adminToken) {
    throw new ReleaseError(
      '--auto reads field health from the server: set RELEASE_OPERATOR_TOKEN (an operator session with the ' +
        'release role) or RELEASE_ADMIN_TOKEN (the automation token)',
    );
  }
  const headers: Record<string, string> = operatorToken
    ? { 'operator-token': operatorToken }
    : { 'admin-token': adminToken! };
  return async (remote, sinceMs) => {
    const address = new URL('/api/admin/release/health', url);
    address.searchParams.set('remote', remote);
    address.searchParams.set('since', String(Math.floor(sinceMs)));
    const response = await fetchImpl(address, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => null)) as {
      code?: number;
      msg?: string;
      data?: { versions?: HealthRow[] };
    } | null;
    if (response.status === 401 || response.status === 403) {
      throw new HealthAccessError(
        `field health from ${address.origin}: HTTP ${response.status} ${body?.msg ?? ''} (check RELEASE_OPERATOR_TOKEN / RELEASE_ADMIN_TOKEN and the release role)`.trim(),
      );
    }
    if (!response.ok || body?.code !== 1 || !Array.isArray(body.data?.versions)) {
      throw new ReleaseError(`field health from ${address.origin}: HTTP ${response.status} ${body?.msg ?? ''}`.trim());
    }
    return body.data.versions;
  };
};
