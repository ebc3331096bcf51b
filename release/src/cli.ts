import { parseArgs } from 'node:util';
import { ArtifactError } from './build-artifact';
import { canary } from './commands/canary';
import { commandContext } from './commands/command-context';
import { deployAll, deployRemote } from './commands/deploy';
import { promote } from './commands/promote';
import { rollback } from './commands/rollback';
import { status } from './commands/status';
import { verify } from './commands/verify';
import { ContractError } from './contract-check';
import { ReleaseError } from './errors';
import { defaultContext, REMOTES, resolveRemote } from './remotes';
import { StoreBusyError, VersionConflictError } from './store/deployment-store';
import { openStore } from './store/open-store';

const USAGE = `Usage: npm run release -- <command>

Commands (a remote is named wallet, mfe-wallet or mfe_wallet; every command takes
--store s3://bucket/prefix or --store <folder> to work on that store):
  deploy <remote> [--version V] [--force]
                 store the remote's build mfe-<x>/dist/<version>/ as a new immutable version
                 (version: --version, else VERSION, else the remote's package.json). Runs the
                 contract check; an existing version is refused. Nothing goes live.
  promote <remote> <version> [--force]
                 make a deployed version live for everyone (contract check first); ends a canary
  rollback <remote> [--to <version>]
                 make the previous live version (or the named one) live again; nothing is rebuilt
                 and no other remote changes. While a canary runs, ends the canary instead.
  canary <remote> <version> --percent N [--force]
                 N% of browsers (sticky per browser) get this version; promote or rollback ends it
  status [--limit N]
                 each remote's live, canary, previous and available versions, and the audit history
  verify <remote> <version>
                 the contract check alone (the deployed version, else the build in dist/)
  deploy-all [--promote] [--replace]
                 copy every remote's build into the store; with --promote, make them live. A
                 different build under a deployed version is refused unless --replace is given
                 (a local store during development, rebuilt without a version bump)

The contract check refuses a version whose shared singletons the live shell cannot satisfy, that
does not expose ./screens, has no entry file, or lacks valid route metadata (routes.json).
--force overrides it with a warning, recorded in the audit log.

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
  promote: { type: 'boolean' },
  replace: { type: 'boolean' },
  version: { type: 'string' },
  to: { type: 'string' },
  percent: { type: 'string' },
  limit: { type: 'string' },
  store: { type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

const parse = (args: string[], allowed: OptionName[], positionals: number) => {
  const { values, positionals: found } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  const unexpected = (Object.keys(values) as OptionName[]).filter(
    (name) => name !== 'store' && !allowed.includes(name),
  );
  if (unexpected.length > 0) throw new UsageError(`Unexpected option(s): ${unexpected.map((o) => `--${o}`).join(' ')}`);
  if (found.length !== positionals) {
    throw new UsageError(`Expected ${positionals} argument(s), got ${found.length}: ${found.join(' ') || 'none'}`);
  }
  return { values, positionals: found };
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
      await deployRemote(await contextFor(values), resolveRemote(positionals[0]), {
        version: values.version,
        force: values.force,
      });
      return 0;
    }
    case 'promote': {
      const { values, positionals } = parse(args, ['force'], 2);
      await promote(await contextFor(values), resolveRemote(positionals[0]), positionals[1] ?? '', {
        force: values.force,
      });
      return 0;
    }
    case 'rollback': {
      const { values, positionals } = parse(args, ['to'], 1);
      await rollback(await contextFor(values), resolveRemote(positionals[0]), { to: values.to });
      return 0;
    }
    case 'canary': {
      const { values, positionals } = parse(args, ['percent', 'force'], 2);
      const percent = wholeNumber(values.percent, 'percent');
      await canary(await contextFor(values), resolveRemote(positionals[0]), positionals[1] ?? '', {
        percent,
        force: values.force,
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
