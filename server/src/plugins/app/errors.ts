import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { hasMessage, translator } from '../../lib/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin when a built shell exists: serves index.html for client-side routes. */
    serveSpa: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
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
  if (issue?.message && issue.message.startsWith('err.') && hasMessage(issue.message)) return t(request)(issue.message);
  const field = issue?.instancePath.split('/').filter(Boolean).join('.');
  return field ? t(request)('err.invalidField', { field }) : t(request)('err.invalidBody');
};

export const errorsPlugin = fp(
  async (app) => {
    app.decorate('serveSpa', null);

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
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
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
