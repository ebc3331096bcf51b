import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { translator } from '../../lib/messages';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminHeaders } from '../support/support.schemas';
import type { AcceptedEvent, Aggregator } from './telemetry.aggregate';
import type { CohortResolver } from './telemetry.cohort';
import type { TelemetryMetrics } from './telemetry.metrics';
import { healthQuery, MAX_WINDOW_SECONDS, TELEMETRY_BODY_LIMIT, telemetryBody } from './telemetry.schemas';

interface TelemetryOptions {
  aggregator: Aggregator;
  cohorts: CohortResolver;
  metrics: TelemetryMetrics;
  operators: OperatorAuth;
  now: () => Date;
  /** Share of page loads that report (0-1), told to the reporter by GET /api/telemetry/config. */
  sampleRate: number;
  /** Beacons per client address and minute. */
  rateLimitMax: number;
}

const t = (request: FastifyRequest) => request.t ?? translator(undefined);

const send = (reply: FastifyReply, status: number, code: number, msg: string) =>
  reply.code(status).type('application/json; charset=utf-8').send({ code, msg, data: null });

/**
 * Field health (docs/decisions/0003-independent-releases.md). The beacon endpoint answers only 204 (taken), 400 (malformed: bad JSON,
 * wrong types, too many events, too large) or 429 (over the per-client limit, or the limit's store is
 * unreachable): never 5xx, so a failing server never turns reports into errors of their own.
 */
export const telemetryRoutes = async (app: FastifyInstance, options: TelemetryOptions) => {
  const { aggregator, cohorts, metrics, operators, now, sampleRate, rateLimitMax } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // sendBeacon with a string sends text/plain; with a JSON Blob, application/json. Both are parsed as JSON.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: TELEMETRY_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const error = new Error('Malformed JSON') as FastifyError;
        error.statusCode = 400;
        done(error, undefined);
      }
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.routeOptions.url !== '/api/telemetry') {
      // The health summary: the app's usual answers (its envelope and statuses).
      if (error instanceof AppError)
        return send(reply, error.httpStatus, error.code, t(request)(error.msgKey, error.params));
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return send(reply, 200, ResponseCode.FAIL, t(request)('err.invalidBody'));
      }
      if (error.statusCode === 429) return send(reply, 429, 429, t(request)('err.tooManyRequests'));
      request.log.error({ err: error }, 'release health failed');
      return send(reply, 500, 500, t(request)('err.server'));
    }
    const limited =
      error.statusCode === 429 ||
      (error instanceof AppError ? error.httpStatus >= 500 : (error.statusCode ?? 500) >= 500);
    if (limited) {
      metrics.outcome('limited');
      if ((error.statusCode ?? 0) !== 429)
        request.log.warn({ err: error }, 'telemetry refused while its limit was unreadable');
      return send(reply, 429, 429, t(request)('err.tooManyRequests'));
    }
    metrics.outcome('invalid');
    return send(reply, 400, ResponseCode.FAIL, t(request)('err.invalidBody'));
  });

  r.post(
    '/api/telemetry',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      config: { rateLimit: { max: rateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['telemetry'],
        summary:
          'Field reports of the shell (navigator.sendBeacon): remote load failures, errors, LCP/INP/CLS per remote ' +
          'version and route pattern. 204 taken, 400 malformed, 429 over the per-client limit',
        body: telemetryBody,
      },
    },
    async (request, reply) => {
      const accepted: AcceptedEvent[] = [];
      let unknown = 0;
      for (const event of request.body.events) {
        const cohort = await cohorts.cohortOf(event.remote, event.version);
        if (cohort === null) unknown++;
        else accepted.push({ event, cohort });
      }
      let dropped = unknown;
      try {
        dropped += await aggregator.add(accepted, now().getTime());
        for (const { event, cohort } of accepted) metrics.observe(event, cohort);
      } catch (error) {
        // The shared store is away: these reports are lost, the page is not told (it would not retry).
        request.log.warn({ err: error }, 'telemetry not aggregated');
        dropped = request.body.events.length;
      }
      metrics.outcome('accepted');
      metrics.outcome('dropped', dropped);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/telemetry/config',
    { schema: { tags: ['telemetry'], summary: "The reporter's setting: the share of page loads that report (0-1)" } },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return ok(request, { sampleRate });
    },
  );

  r.get(
    '/api/admin/release/health',
    {
      preHandler: operators.requireOperator,
      schema: {
        tags: ['admin'],
        summary:
          'Field health of one remote per version and cohort over a window (seconds back, or since a moment): ' +
          'sessions, load failures, errors and their rates, LCP/INP/CLS p75',
        headers: adminHeaders,
        querystring: healthQuery,
      },
    },
    async (request) => {
      const toMs = now().getTime();
      const { remote, window, since } = request.query;
      const sinceMs = since === undefined ? undefined : /^\d+$/.test(since) ? Number(since) : Date.parse(since);
      if (sinceMs !== undefined && !Number.isFinite(sinceMs)) throw new AppError(ResponseCode.FAIL, 'err.invalidBody');
      const fromMs = Math.max(sinceMs ?? toMs - (window ?? 900) * 1000, toMs - MAX_WINDOW_SECONDS * 1000);
      // The shared store away or stalled: the figures are unknown for now (503 in the envelope, not a 500).
      const versions = await aggregator.summary(remote, fromMs, toMs).catch((error: unknown) => {
        request.log.warn({ err: error }, 'telemetry summary unavailable');
        throw new AppError(503, 'err.server', undefined, null, 503);
      });
      return ok(request, {
        remote,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        versions,
      });
    },
  );

  /** Prometheus scrape: an operator credential (session or automation token) only; nothing for anyone else. */
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!(await operators.isOperator(request))) {
      return send(reply, 401, ResponseCode.UNAUTHORIZED, t(request)('err.admin.tokenInvalid'));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
