import { ArtifactError } from './build-artifact';
import { deployAll } from './commands/deploy-all';
import { defaultContext, REMOTES } from './remotes';
import { VersionConflictError } from './store/deployment-store';
import { LocalDeploymentStore } from './store/local-store';

const USAGE = `Usage: npm run release -- <command>

Commands:
  deploy-all [--promote] [--replace]
                           copy every remote's build (mfe-<x>/dist/<version>/) into the deployment
                           store; with --promote, make those versions live in the manifest.
                           Deployed versions are immutable: a different build under a deployed
                           version is refused, unless --replace is given (a local store during
                           development, rebuilt without a version bump)

Environment:
  DEPLOY_DIR     deployment store folder (default var/deploy)
  VERSION        version to deploy instead of each remote's package.json version
  MFE_BASE_URL   URL the store is served at (default /mfe)`;

const main = async (argv: string[]): Promise<number> => {
  const [command, ...args] = argv;
  const context = defaultContext();
  const store = new LocalDeploymentStore(context.deployDir);
  const mfeBaseUrl = process.env.MFE_BASE_URL ?? '/mfe';
  switch (command) {
    case 'deploy-all': {
      const unknown = args.filter((arg) => arg !== '--promote' && arg !== '--replace');
      if (unknown.length > 0) {
        console.error(`Unknown option(s) for deploy-all: ${unknown.join(' ')}\n\n${USAGE}`);
        return 2;
      }
      await deployAll({
        context,
        store,
        remotes: REMOTES,
        promote: args.includes('--promote'),
        replace: args.includes('--replace'),
        mfeBaseUrl,
      });
      return 0;
    }
    case undefined:
    case '--help':
    case 'help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Expected refusals are stated plainly; anything else keeps its stack for debugging.
    const known = error instanceof ArtifactError || error instanceof VersionConflictError;
    console.error(known ? `release: ${(error as Error).message}` : error);
    process.exit(1);
  },
);
