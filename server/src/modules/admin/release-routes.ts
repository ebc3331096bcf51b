import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ResponseCode } from '@marketplace/shared/contracts';
import {
  canary,
  commandContext,
  consoleCommands,
  isConsole,
  isSeller,
  isShell,
  openDeploymentStore,
  overview,
  promote,
  promoteShell,
  refusalOf,
  REMOTE_FOLDERS,
  resolveUnit,
  rollback,
  rollbackShell,
  sellerCommands,
  SHELL_FOLDER,
  type CommandContext,
  type DeploymentStore,
  type RemoteApp,
} from '@marketplace/release/src/api';
import type { Db } from '../../db/client';
import { ok } from '../../lib/envelope';
import { recordDecision } from '../operators/operators.repository';
import { AUTOMATION_ACTOR, currentActor } from '../operators/actor';
import type { DeployStoreConfig } from '../../plugins/external/deploy-store-config';
import type { OperatorAuth } from './admin-auth';
import { operatorRouteKit } from './operator-route-kit';

/**
 * The units the release page works on, as the CLI names their folders: the shell, each remote, the operator
 * console and the seller centre (the last two promoted and rolled back like the shell; canaries are the
 * remotes' alone).
 */
const RELEASE_UNITS = [SHELL_FOLDER, ...REMOTE_FOLDERS, 'console', 'seller'] as [string, ...string[]];
const REMOTE_UNITS = [...REMOTE_FOLDERS] as [string, ...string[]];

/**
 * A version as the store names its folders (semver, or a plain name): never a path (`..`, `/`), never
 * anything the store could not hold.
 */
const version = z
  .string('err.invalidField')
  .trim()
  .min(1, 'err.invalidField')
  .max(64, 'err.invalidField')
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'err.invalidField');
const unit = z.enum(RELEASE_UNITS, 'err.invalidField');
const remote = z.enum(REMOTE_UNITS, 'err.invalidField');

const releasePromoteBody = z.object({ unit, version });
const releaseRollbackBody = z.object({ unit, to: version.optional() });
const releaseCanaryBody = z.object({
  unit: remote,
  version,
  percent: z.number('err.invalidField').int('err.invalidField').min(1, 'err.invalidField').max(100, 'err.invalidField'),
});
const releaseCanaryStopBody = z.object({ unit: remote });
const releaseOverviewQuery = z.object({
  limit: z.coerce.number('err.invalidField').int('err.invalidField').min(1).max(500).default(50),
});

interface ReleaseRoutesOptions {
  operators: OperatorAuth;
  db: Db;
  deployDir: string;
  deployStore?: DeployStoreConfig;
  /** The shell the server serves when the store has no live one (the contract check reads it). */
  shellDir: string;
  /** Where the manifest says the store is served (the CLI's MFE_BASE_URL). */
  mfeBaseUrl?: string;
  now?: () => Date;
}

/** Where the audit says a console change came from (the CLI writes the machine's host name). */
export const CONSOLE_HOST = 'operator console';

/**
 * The release page's calls (docs/decisions/0002-operator-accounts.md; release managers and admins): the store as `status` reads
 * it, and promote, roll back, start and stop a canary by running the release CLI's own command functions
 * (release/src/api.ts) on the store this server serves `/mfe/` from. The release audit log names the
 * operator (who) and the console (host); the operator audit records every attempt, refusals included. A
 * refusal answers 409 with the CLI's words (without its `release: ` prefix) as `msg` and `data.refusal`.
 */
export const releaseRoutes = async (
  app: FastifyInstance,
  {
    operators,
    db,
    deployDir,
    deployStore,
    shellDir,
    mfeBaseUrl = '/mfe',
    now = () => new Date(),
  }: ReleaseRoutesOptions,
) => {
  const { r, tags, headers, preHandler } = operatorRouteKit(app, operators);

  let opened: Promise<DeploymentStore> | undefined;
  const store = () =>
    (opened ??= openDeploymentStore({
      deployDir,
      ...(deployStore
        ? { s3: { bucket: deployStore.bucket, prefix: deployStore.prefix, connection: deployStore.connection } }
        : {}),
    }).catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));

  const contextFor = async (lines: string[]): Promise<CommandContext> =>
    commandContext({
      context: { repoDir: process.cwd(), deployDir, shellDir },
      store: await store(),
      mfeBaseUrl,
      env: process.env,
      who: currentActor()?.name ?? AUTOMATION_ACTOR,
      host: CONSOLE_HOST,
      now,
      log: (line) => lines.push(line),
      warn: (line) => lines.push(line),
    });

  const overviewOf = async (limit?: number) => {
    const answer = await overview(await contextFor([]), limit === undefined ? {} : { limit });
    return { ...answer, units: answer.units.filter((entry) => RELEASE_UNITS.includes(entry.unit)) };
  };

  /**
   * Runs one release command as the CLI would and records the attempt in the operator audit: done with
   * what the command printed, or refused with the CLI's words (409). Any other failure is a fault (500).
   */
  const run = async (
    reply: FastifyReply,
    command: string,
    target: string,
    detail: Record<string, unknown>,
    work: (ctx: CommandContext) => Promise<void>,
  ) => {
    const lines: string[] = [];
    try {
      await work(await contextFor(lines));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      await recordDecision(db, {
        action: `release.${command}.refused`,
        targetType: 'release',
        targetId: target,
        detail: JSON.stringify({ ...detail, refusal }),
      });
      return reply.code(409).send({ code: ResponseCode.FAIL, msg: refusal, data: { command, unit: target, refusal } });
    }
    await recordDecision(db, {
      action: `release.${command}`,
      targetType: 'release',
      targetId: target,
      detail: JSON.stringify({ ...detail, output: lines }),
    });
    const answer = ok(reply.request, { command, unit: target, output: lines, ...(await overviewOf()) });
    return reply.send(answer);
  };

  r.get(
    '/api/admin/release',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Release page: the shell and each remote with live, canary, previous and deployed versions, and the release audit',
        headers,
        querystring: releaseOverviewQuery,
      },
    },
    async (request) => ok(request, await overviewOf(request.query.limit)),
  );

  const unitOf = (name: string): RemoteApp => resolveUnit(name);
  /** The console's and the seller centre's own deploy, promote and rollback; null for the shell and remotes. */
  const staticOf = (target: RemoteApp) =>
    isConsole(target) ? consoleCommands : isSeller(target) ? sellerCommands : null;

  /** A release action: an operator's POST of `body` to `url`, acted on with the parsed body. */
  const releaseAction = <B extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    act: (body: z.output<B>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    r.post(url, { preHandler, schema: { tags, summary, headers, body } }, async (request, reply) =>
      act(request.body as z.output<B>, reply),
    );

  releaseAction(
    '/api/admin/release/promote',
    'Make a deployed version live for everyone (release promote)',
    releasePromoteBody,
    async ({ unit: name, version: wanted }, reply) => {
      const target = unitOf(name);
      const own = staticOf(target);
      return run(reply, 'promote', name, { version: wanted }, (ctx) =>
        own ? own.promote(ctx, wanted) : isShell(target) ? promoteShell(ctx, wanted) : promote(ctx, target, wanted),
      );
    },
  );

  releaseAction(
    '/api/admin/release/rollback',
    'Make the previous live version (or the named one) live again (release rollback)',
    releaseRollbackBody,
    async ({ unit: name, to }, reply) => {
      const target = unitOf(name);
      const options = to === undefined ? {} : { to };
      const own = staticOf(target);
      return run(reply, 'rollback', name, options, (ctx) =>
        own
          ? own.rollback(ctx, options)
          : isShell(target)
            ? rollbackShell(ctx, options)
            : rollback(ctx, target, options),
      );
    },
  );

  releaseAction(
    '/api/admin/release/canary',
    'Give a deployed version to a share of browsers (release canary --percent)',
    releaseCanaryBody,
    async ({ unit: name, version: wanted, percent }, reply) =>
      run(reply, 'canary', name, { version: wanted, percent }, (ctx) => canary(ctx, unitOf(name), wanted, { percent })),
  );

  releaseAction(
    '/api/admin/release/canary_stop',
    "End a remote's canary: everyone keeps the live version (release rollback while a canary runs)",
    releaseCanaryStopBody,
    async ({ unit: name }, reply) => {
      const target = unitOf(name);
      return run(reply, 'canary-stop', name, {}, async (ctx) => {
        // The CLI ends a canary with a rollback while one runs. A plain rollback without a canary would change
        // the live version, so "stop" names the live version it keeps: without a canary the CLI refuses that
        // ("… is already live"); without a live version, the plain rollback's refusal says so.
        const live = (await ctx.store.readManifest())?.remotes[target.folder];
        await rollback(ctx, target, live ? { to: live.version } : {});
      });
    },
  );
};
