import { parseArgs } from 'node:util';
import { ArtifactError } from './build-artifact';
import { autoCanary, DEFAULT_STEPS } from './auto-canary/run';
import { httpHealthSource } from './auto-canary/health-source';
import { canary } from './commands/canary';
import { commandContext } from './commands/command-context';
import { deployAll, deployRemote } from './commands/deploy';
import { promote } from './commands/promote';
import { rollback } from './commands/rollback';
import { consoleCommands } from './commands/console';
import { sellerCommands } from './commands/seller';
import { shellCommands } from './commands/shell';
import type { StaticCommands } from './commands/static-unit';
import { status } from './commands/status';
import { verify } from './commands/verify';
import { ContractError } from './contract-check';
import { ReleaseError } from './errors';
import {
  defaultContext,
  isConsole,
  isSeller,
  isShell,
  REMOTES,
  resolveRemote,
  resolveUnit,
  type RemoteApp,
} from './remotes';
import { StoreBusyError, VersionConflictError } from './store/deployment-store';
import { openStore } from './store/open-store';

const USAGE = `Usage: npm run release -- <command>

Commands (a remote is named wallet, mfe-wallet or mfe_wallet, the shell is named shell, the operator
console console, the seller centre seller; every command takes --store s3://bucket/prefix or --store
<folder> to work on that store):
  deploy <remote|shell|console|seller> [--version V] [--force --reason R]
                 store the remote's build mfe-<x>/dist/<version>/ (the shell's: shell/dist/, the console's:
                 console/dist/, the seller centre's: seller/dist/) as a new immutable version (version:
                 --version, else VERSION, else the build's package.json). Runs the contract check (the
                 console and the seller centre: only that the build has an index.html); an existing version
                 is refused. Nothing goes live.
  promote <remote|shell|console|seller> <version> [--force --reason R]
                 make a deployed version live for everyone (contract check first); ends a canary.
                 A live shell version is what the server serves (else its embedded shell/dist); a live
                 console (seller) version is what it serves at /console (/seller) from a local store (else
                 console/dist, seller/dist).
  rollback <remote|shell|console|seller> [--to <version>] [--force --reason R]
                 make the previous live version (or the named one) live again, after the contract
                 check; nothing is rebuilt and no other unit changes. While a canary runs, ends it.
  canary <remote> <version> --percent N [--force --reason R]
                 N% of browsers (sticky per browser) get this version; promote or rollback ends it
  canary <remote> <version> --auto [--steps 5,25,50,100] [--min-sessions 200] [--min-stable-sessions N]
                 [--alpha 0.05] [--poll-seconds 15] [--max-wait-minutes 360] [--health-url URL]
                 automated progressive delivery: at each step waits for the sessions, compares the
                 canary's failing sessions (load failures + errors) with stable's since the step began
                 (one-sided Fisher exact test at --alpha), then takes the next step (the last promotes)
                 or rolls the canary back at once; every decision is audited with its figures. Killed
                 and run again, it resumes at its step. Exit 0 promoted, 3 rolled back. Field health
                 comes from the server (--health-url or RELEASE_HEALTH_URL) with RELEASE_OPERATOR_TOKEN
                 (an operator session with the release role) or RELEASE_ADMIN_TOKEN
  status [--limit N]
                 each unit's (remotes, shell, console, seller) live, canary, previous and available versions,
                 and the audit history
  verify <remote> <version>
                 the contract check alone (the deployed version, else the build in dist/)
  deploy-all [--promote] [--replace]
                 copy every remote's build into the store; with --promote, make them live. A
                 different build under a deployed version is refused unless --replace is given
                 (a local store during development, rebuilt without a version bump)

The contract check refuses a remote version built against another @marketplace/shared contract
than the live shell provides (another major, the same version with another surface, or an export
it needs missing or changed: shared-contract.json of each build), whose shared singletons the live
shell cannot satisfy, that does not expose ./screens, has no entry file, or lacks valid route
metadata (routes.json). A shell version is checked against every live remote and canary the same
way. --force overrides it with a warning; it needs --reason, and both go into the audit log.

Environment:
  DEPLOY_STORE_URL  s3://bucket/prefix: the deployment store in an S3-compatible bucket (as --store),
                 reached with S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID and
                 S3_SECRET_ACCESS_KEY; the server reads the same store when given the same variables
  DEPLOY_DIR     deployment store folder when no store URL is given (default var/deploy)
  SHELL_DIR      the live shell's build, checked against (default shell/dist)
  RELEASE_REPO_DIR  checkout whose mfe-<x>/dist/ builds deploy takes (default this one)
  VERSION        version to deploy instead of the remote's package.json version
  MFE_BASE_URL   URL the store is served at (default /mfe)`;

class UsageError extends Error {}

const OPTIONS = {
  force: { type: 'boolean' },
  reason: { type: 'string' },
  promote: { type: 'boolean' },
  replace: { type: 'boolean' },
  version: { type: 'string' },
  to: { type: 'string' },
  percent: { type: 'string' },
  limit: { type: 'string' },
  store: { type: 'string' },
  auto: { type: 'boolean' },
  steps: { type: 'string' },
  'min-sessions': { type: 'string' },
  'min-stable-sessions': { type: 'string' },
  alpha: { type: 'string' },
  'poll-seconds': { type: 'string' },
  'max-wait-minutes': { type: 'string' },
  'health-url': { type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

const parse = (args: string[], allowed: OptionName[], positionals: number) => {
  const { values, positionals: found } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  const unexpected = (Object.keys(values) as OptionName[]).filter(
    (name) => name !== 'store' && !allowed.includes(name) && !(name === 'reason' && allowed.includes('force')),
  );
  if (values.force && !values.reason?.trim()) {
    throw new UsageError('--force needs a reason: --reason "<why>" (it goes into the audit log)');
  }
  if (unexpected.length > 0) throw new UsageError(`Unexpected option(s): ${unexpected.map((o) => `--${o}`).join(' ')}`);
  if (found.length !== positionals) {
    throw new UsageError(`Expected ${positionals} argument(s), got ${found.length}: ${found.join(' ') || 'none'}`);
  }
  return { values, positionals: found };
};

/** Deploy, promote and rollback of `unit`: the shell's, the console's or the seller centre's (static units), else the remote's. */
const commandsOf = (unit: RemoteApp): StaticCommands => {
  if (isShell(unit)) return shellCommands;
  if (isConsole(unit)) return consoleCommands;
  if (isSeller(unit)) return sellerCommands;
  return {
    deploy: (ctx, options) => deployRemote(ctx, unit, options),
    promote: (ctx, version, options) => promote(ctx, unit, version, options),
    rollback: (ctx, options) => rollback(ctx, unit, options),
  };
};

const wholeNumber = (text: string | undefined, option: string): number => {
  if (text === undefined || !/^\d+$/.test(text)) throw new UsageError(`--${option} needs a whole number`);
  return Number(text);
};

const main = async (argv: string[]): Promise<number> => {
  const [command, ...args] = argv;
  const context = defaultContext();
  // `--store` (any command) over DEPLOY_STORE_URL over DEPLOY_DIR.
  const storeUrl = (values: { store?: string }) => values.store ?? process.env.DEPLOY_STORE_URL;
  const contextFor = async (values: { store?: string }) =>
    commandContext({
      context,
      store: await openStore(storeUrl(values), context.deployDir),
      mfeBaseUrl: process.env.MFE_BASE_URL ?? '/mfe',
    });
  switch (command) {
    case 'deploy': {
      const { values, positionals } = parse(args, ['version', 'force'], 1);
      const options = { version: values.version, force: values.force, reason: values.reason };
      await commandsOf(resolveUnit(positionals[0])).deploy(await contextFor(values), options);
      return 0;
    }
    case 'promote': {
      const { values, positionals } = parse(args, ['force'], 2);
      const options = { force: values.force, reason: values.reason };
      await commandsOf(resolveUnit(positionals[0])).promote(await contextFor(values), positionals[1] ?? '', options);
      return 0;
    }
    case 'rollback': {
      const { values, positionals } = parse(args, ['to', 'force'], 1);
      const options = { to: values.to, force: values.force, reason: values.reason };
      await commandsOf(resolveUnit(positionals[0])).rollback(await contextFor(values), options);
      return 0;
    }
    case 'canary': {
      if (args.includes('--auto')) {
        const { values, positionals } = parse(
          args,
          [
            'auto',
            'force',
            'steps',
            'min-sessions',
            'min-stable-sessions',
            'alpha',
            'poll-seconds',
            'max-wait-minutes',
            'health-url',
          ],
          2,
        );
        const url = values['health-url'] ?? process.env.RELEASE_HEALTH_URL;
        if (!url) throw new UsageError('--auto needs the server: --health-url <url> or RELEASE_HEALTH_URL');
        const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
        if (alpha !== undefined && !(alpha > 0 && alpha < 0.5))
          throw new UsageError('--alpha needs a number between 0 and 0.5');
        const optional = (name: 'min-sessions' | 'min-stable-sessions' | 'poll-seconds' | 'max-wait-minutes') =>
          values[name] === undefined ? undefined : wholeNumber(values[name], name);
        const outcome = await autoCanary(
          await contextFor(values),
          resolveRemote(positionals[0]),
          positionals[1] ?? '',
          {
            health: httpHealthSource({
              url,
              operatorToken: process.env.RELEASE_OPERATOR_TOKEN,
              adminToken: process.env.RELEASE_ADMIN_TOKEN,
            }),
            steps:
              values.steps === undefined
                ? DEFAULT_STEPS
                : values.steps.split(',').map((step) => wholeNumber(step.trim(), 'steps')),
            minSessions: optional('min-sessions'),
            minStableSessions: optional('min-stable-sessions'),
            alpha,
            pollMs: values['poll-seconds'] === undefined ? undefined : optional('poll-seconds')! * 1000,
            maxStepWaitMs:
              values['max-wait-minutes'] === undefined ? undefined : optional('max-wait-minutes')! * 60_000,
            force: values.force,
            reason: values.reason,
          },
        );
        return outcome === 'promoted' ? 0 : 3;
      }
      const { values, positionals } = parse(args, ['percent', 'force'], 2);
      const percent = wholeNumber(values.percent, 'percent');
      await canary(await contextFor(values), resolveRemote(positionals[0]), positionals[1] ?? '', {
        percent,
        force: values.force,
        reason: values.reason,
      });
      return 0;
    }
    case 'status': {
      const { values } = parse(args, ['limit'], 0);
      const ctx = await contextFor(values);
      ctx.log(await status(ctx, { limit: values.limit === undefined ? 20 : wholeNumber(values.limit, 'limit') }));
      return 0;
    }
    case 'verify': {
      const { values, positionals } = parse(args, [], 2);
      return (await verify(await contextFor(values), resolveRemote(positionals[0]), positionals[1] ?? '')) ? 0 : 1;
    }
    case 'deploy-all': {
      const { values } = parse(args, ['promote', 'replace'], 0);
      await deployAll(await contextFor(values), {
        remotes: REMOTES,
        promote: values.promote === true,
        replace: values.replace === true,
      });
      return 0;
    }
    case undefined:
    case '--help':
    case 'help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
};

/** Refusals a release manager can act on are stated plainly; anything else keeps its stack. */
const KNOWN_ERRORS = [ArtifactError, VersionConflictError, ContractError, ReleaseError, StoreBusyError];

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`release: ${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    const known = KNOWN_ERRORS.some((type) => error instanceof type);
    console.error(known ? `release: ${(error as Error).message}` : error);
    process.exit(1);
  },
);
