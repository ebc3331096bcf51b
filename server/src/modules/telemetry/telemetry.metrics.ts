import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { VITAL_BUCKETS } from './telemetry.aggregate';
import type { MailStatus } from '../mail/mail-status';
import { isVital, type Cohort, type TelemetryEvent } from './telemetry.schemas';

/**
 * The SMTP outbox's backlog and last error as gauges (read from the database at each scrape), when mail
 * goes through SMTP: SMTP stays out of readiness, an operator sees it here.
 */
const mailGauges = (registry: Registry, mailStatus: () => Promise<MailStatus>) => {
  let latest: Promise<MailStatus> | undefined;
  /** One database read per scrape, shared by the gauges. */
  const read = () => (latest ??= mailStatus().finally(() => setTimeout(() => (latest = undefined), 100)));
  const gauge = (name: string, help: string, pick: (status: MailStatus) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge('marketplace_mail_outbox_pending', 'Mails waiting in the outbox to be sent', (s) => s.pending);
  gauge(
    'marketplace_mail_outbox_oldest_pending_seconds',
    'Age of the oldest waiting mail',
    (s) => s.oldestPendingSeconds,
  );
  gauge(
    'marketplace_mail_outbox_gave_up_24h',
    'Mails given up (never delivered) in the last 24 hours',
    (s) => s.gaveUpLastDay,
  );
  new Gauge({
    name: 'marketplace_mail_last_error_info',
    help: 'The latest SMTP delivery error still of interest (label error; no series when none)',
    labelNames: ['error'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { lastError } = await read();
      if (lastError) this.set({ error: lastError.slice(0, 200) }, 1);
    },
  });
};

/**
 * Prometheus metrics of the field reports (prom-client), in a registry of this app's own: served by
 * GET /metrics to an operator credential only. Labels come from accepted events only (a remote the
 * deployment manifest names), so a stranger cannot grow them with made-up names.
 */
export const createTelemetryMetrics = (keyCount: () => Promise<number>, mailStatus?: () => Promise<MailStatus>) => {
  const registry = new Registry();
  if (mailStatus) mailGauges(registry, mailStatus);
  new Gauge({
    name: 'marketplace_telemetry_aggregate_keys',
    help: 'Aggregate keys (remote, version, cohort, minute) held: bounded by TELEMETRY_MAX_KEYS',
    registers: [registry],
    async collect() {
      this.set(await keyCount());
    },
  });
  const events = new Counter({
    name: 'marketplace_field_events_total',
    help: 'Field reports per remote, version and cohort: sessions, load failures, errors',
    labelNames: ['remote', 'version', 'cohort', 'kind'] as const,
    registers: [registry],
  });
  const reports = new Counter({
    name: 'marketplace_telemetry_reports_total',
    help: 'Telemetry beacons by outcome: accepted, invalid, limited; events dropped (unknown remote, key cap)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  /** A web vital's histogram by remote, version and cohort, in the buckets the aggregate uses for it. */
  const vital = (kind: keyof typeof VITAL_BUCKETS, name: string, measures: string) =>
    new Histogram({
      name,
      help: `${measures} of the screens each remote draws`,
      labelNames: ['remote', 'version', 'cohort'] as const,
      buckets: [...VITAL_BUCKETS[kind]],
      registers: [registry],
    });
  const vitals = {
    LCP: vital('LCP', 'marketplace_web_vitals_lcp_milliseconds', 'Largest Contentful Paint'),
    INP: vital('INP', 'marketplace_web_vitals_inp_milliseconds', 'Interaction to Next Paint'),
    CLS: vital('CLS', 'marketplace_web_vitals_cls', 'Cumulative Layout Shift'),
  };
  return {
    registry,
    observe(event: TelemetryEvent, cohort: Cohort) {
      // Only the live and canary versions get a label of their own: the set of label values stays as small
      // as the deployment manifest, whatever versions a stranger makes up.
      const labels = { remote: event.remote, version: cohort === 'other' ? 'other' : event.version, cohort };
      if (isVital(event)) vitals[event.kind].observe(labels, event.value);
      else events.inc({ ...labels, kind: event.kind });
    },
    outcome(outcome: 'accepted' | 'invalid' | 'limited' | 'dropped', count = 1) {
      if (count > 0) reports.inc({ outcome }, count);
    },
  };
};
export type TelemetryMetrics = ReturnType<typeof createTelemetryMetrics>;
