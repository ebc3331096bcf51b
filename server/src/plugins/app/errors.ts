import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { hasMessage, translator } from '../../lib/messages';
import { headerTranslator } from './i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin when a built shell exists: serves index.html for client-side routes. */
    serveSpa: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null;
  }
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** The request may fail before the i18n hook ran (e.g. a body that is too large). */
const t = (request: FastifyRequest) => request.t ?? translator(undefined);

const send = (reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) =>
  reply.code(status).type('application/json; charset=utf-8').send({ code, msg, data });

/** The first issue decides the message: the schema's own `err.*` key, else "<field> is invalid". */
const validationMessage = (request: FastifyRequest, issues: ValidationIssue[]): string => {
  const issue = issues[0];
  const field = issue?.instancePath.split('/').filter(Boolean).join('.');
  // `{{field}} is invalid` and other keys are always interpolated, never shown with their braces.
  if (issue?.message && issue.message.startsWith('err.') && hasMessage(issue.message)) {
    if (issue.message !== 'err.invalidField' || field) return t(request)(issue.message, { field: field ?? '' });
  }
  return field ? t(request)('err.invalidField', { field }) : t(request)('err.invalidBody');
};

/** True when any string in the (parsed) value holds a NUL byte; PostgreSQL text cannot store one. */
const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
};

/**
 * What the log keeps of an unexpected error: its kind, SQL state and first message line. A failed
 * query's text and parameters (shoppers' data) never reach the log.
 */
export const loggable = (error: FastifyError) => {
  let sqlState: string | undefined;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) sqlState = code;
  }
  const firstLine = String(error.message ?? '').split('\n')[0] ?? '';
  return {
    type: error.name,
    code: error.code,
    sqlState,
    message: /^Failed query/i.test(firstLine) ? 'Failed query' : firstLine.slice(0, 200),
  };
};

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs. A URL it cannot decode
 * (`FST_ERR_BAD_URL`: `/%c0`, `/api/product/%E0%A4%A`) or a path parameter over its length limit answers
 * 400 in the envelope, in the shopper's language; Fastify's own answer named itself and echoed the URL.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const t = headerTranslator(request.headers);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 400, ResponseCode.FAIL, t('err.invalidBody'));
  }
  request.log.error({ error: loggable(error), reqId: request.id }, 'router error');
  return send(reply, 500, 500, t('err.server'));
};

const PARSER_ANSWERS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Fastify's `clientErrorHandler`: bytes Node's HTTP parser refuses before there is a request (a control
 * byte in a header, headers over the size limit, a broken request line or chunk). The same envelope as
 * every other refusal, in English (no header was read), instead of Fastify's `{"error":"Bad Request",…}`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = PARSER_ANSWERS[error.code ?? ''] ?? 400;
  // A response already under way on this connection cannot be followed by another status line.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ code: ResponseCode.FAIL, msg: translator(undefined)('err.invalidBody'), data: null });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export const errorsPlugin = fp(
  async (app) => {
    app.decorate('serveSpa', null);

    // Before any schema or handler: a NUL byte anywhere in the body, query or path is refused clearly.
    // A plain (not async) hook: no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      done(hasNul(request.body) || hasNul(request.query) || hasNul(request.params) ? fail('err.nulByte') : undefined);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return send(reply, error.httpStatus, error.code, t(request)(error.msgKey, error.params), error.data);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return send(reply, 200, ResponseCode.FAIL, validationMessage(request, error.validation));
      }
      if (error.validation) {
        return send(reply, 200, ResponseCode.FAIL, t(request)('err.invalidBody'));
      }
      if (error.statusCode === 429) {
        return send(reply, 429, 429, t(request)('err.tooManyRequests'));
      }
      // Body parser failures (bad JSON, wrong content type, too large) are the client's mistake.
      if (error.code?.startsWith('FST_ERR_CTP_') || (error.statusCode && error.statusCode < 500)) {
        return send(reply, 200, ResponseCode.FAIL, t(request)('err.invalidBody'));
      }
      request.log.error(
        { error: loggable(error), reqId: request.id, route: request.routeOptions.url },
        'unhandled error',
      );
      return send(reply, 500, 500, t(request)('err.server'));
    });

    app.setNotFoundHandler((request, reply) => {
      if (app.serveSpa && request.method === 'GET' && !/^\/(api|mfe)(\/|$)/.test(request.url)) {
        return app.serveSpa(request, reply);
      }
      return send(reply, 404, 404, t(request)('err.notFound'));
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
