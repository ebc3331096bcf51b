import { z } from 'zod';

/** What one beacon carries at most; the shell's reporter sends at most this many (shell/src/telemetry). */
const MAX_EVENTS = 50;
/** Body limit of the endpoint: 50 events of ~150 bytes fit with room to spare. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;

/** A remote's manifest key (`mfe-catalogue`) and a deployed version: short, no free text. */
const remoteName = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
const versionName = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/);
/** A route PATTERN (`/detail/:id`), never a filled-in path: letters, digits, `/ : - _ . *` only. */
const routePattern = z.string().regex(/^\/[A-Za-z0-9/:_.*-]{0,99}$/);

const counted = z.strictObject({
  kind: z.enum(['session', 'load', 'error']),
  remote: remoteName,
  version: versionName,
  route: routePattern.optional(),
});

/** LCP and INP in milliseconds (at most 10 min), CLS unitless (at most 100). */
const vital = z.strictObject({
  kind: z.enum(['LCP', 'INP', 'CLS']),
  remote: remoteName,
  version: versionName,
  route: routePattern.optional(),
  value: z.number().finite().min(0).max(600_000),
});

export const telemetryEvent = z.discriminatedUnion('kind', [counted, vital]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;

export const telemetryBody = z.strictObject({ events: z.array(telemetryEvent).min(1).max(MAX_EVENTS) });

/** Longest window the health summary answers: what the aggregation keeps. */
export const MAX_WINDOW_SECONDS = 3_600;

export const healthQuery = z.strictObject({
  remote: remoteName,
  /** Seconds back from now (default 900). */
  window: z.coerce.number().int().min(60).max(MAX_WINDOW_SECONDS).optional(),
  /** Or from this moment (ISO time or epoch ms) up to now: an auto canary's step began then. */
  since: z
    .string()
    .max(40)
    .regex(/^(\d{10,15}|\d{4}-\d\d-\d\dT[\d:.]+Z)$/)
    .optional(),
});

export const COHORTS = ['stable', 'canary', 'other'] as const;
export type Cohort = (typeof COHORTS)[number];

type VitalEvent = Extract<TelemetryEvent, { value: number }>;
export const isVital = (event: TelemetryEvent): event is VitalEvent => 'value' in event;
