import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';

/** Header that carries the operator credential. Shopper tokens are never accepted on operator routes. */
export const ADMIN_TOKEN_HEADER = 'admin-token';

/**
 * The configured ADMIN_TOKEN, else one generated once into DATA_DIR/admin.token (mode 600) and its
 * path logged, so a fresh install has an operator credential without a default password.
 */
export const resolveAdminToken = (configured: string | undefined, dataDir: string, log: FastifyBaseLogger): string => {
  if (configured) return configured;
  const file = path.join(dataDir, 'admin.token');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, token, { mode: 0o600 });
  log.info({ file }, 'operator credential generated (admin-token header; npm run ops reads it)');
  return token;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the `admin-token` header with the configured credential. */
export const createOperatorAuth = (adminToken: string) => {
  const expected = digest(adminToken);
  const isOperator = (request: FastifyRequest): boolean => {
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    return typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expected);
  };
  return {
    isOperator,
    requireOperator: async (request: FastifyRequest) => {
      if (!isOperator(request)) throw new AppError(ResponseCode.UNAUTHORIZED, 'err.admin.tokenInvalid');
    },
  };
};

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
