import { existsSync } from 'node:fs';
import path from 'node:path';
import { s3StorageConfig, type S3StorageConfig } from '../modules/uploads/s3-config';
import { assetBaseUrl, deployStoreConfig, type DeployStoreConfig } from '../plugins/external/deploy-store-config';
import { mailConfig, type MailConfig } from '../modules/mail/mail-config';
import type { WalletConfig } from '../modules/wallet/wallet.service';
import type { DatabaseConfig } from '../db/client';
import { findRepoRoot } from './repo-root';

// Defined beside the database code, which the configuration only names (no import circle).
export type { DatabaseConfig } from '../db/client';

export interface AltchaConfig {
  /** Empty = a random key generated once and kept in DATA_DIR. */
  hmacKey: string;
  algorithm: 'SHA-256' | 'PBKDF2/SHA-256';
  cost: number;
  /** Upper bound of the secret counter; the widget tries about half of it on average. */
  maxNumber: number;
  challengeTtlMs: number;
  tokenTtlMs: number;
  /** Sign-ins, registrations and password-reset requests one solved challenge admits. */
  tokenMaxUses: number;
}

export interface RateLimitConfig {
  /** Requests per window for login and register, per IP and account. */
  max: number;
  windowMs: number;
}

export interface AppConfig {
  dataDir: string;
  database: DatabaseConfig;
  deployDir: string;
  /** Remote versions and the manifest in this S3-compatible store (`DEPLOY_STORE_URL`); unset = files in `deployDir`. */
  deployStore?: DeployStoreConfig;
  /** The CDN the browsers load the remotes from (`ASSET_BASE_URL`); unset = this server. */
  assetBaseUrl?: string;
  /** Built shell; not served when the folder has no index.html. */
  shellDir: string;
  logLevel: string;
  altcha: AltchaConfig;
  authRateLimit: RateLimitConfig;
  /** Seed the demo shopper on start. */
  seedDemo: boolean;
  /** Injectable clock so lock and expiry rules are testable. */
  now: () => Date;
  /** Uploads per shopper per hour and the grace period of unreferenced uploads. */
  uploadQuota?: { maxCount: number; maxBytes: number; graceMs: number };
  /** Uploads in this S3-compatible store, shared by every API process (`S3_*`); unset = files in DATA_DIR/uploads. */
  uploadS3?: S3StorageConfig;
  /**
   * Withdrawal service charge and minimum (defaults: 1 %, $1.00), the card sandbox (`CARD_SANDBOX`,
   * credits without moving money: unset = on only on the embedded PGlite) and a real card acquirer.
   */
  wallet?: WalletConfig;
  /**
   * Shared automation credential for the operator API (`admin-token` header, ADMIN_TOKEN); unset =
   * generated into DATA_DIR/admin.token. Operators sign in with their own accounts (docs/decisions/0002-operator-accounts.md).
   */
  adminToken?: string;
  /**
   * Whether the automation credential works at all (default true). `loadConfig`: off in production
   * (NODE_ENV=production, or DATABASE_URL set) unless ADMIN_TOKEN_AUTOMATION=1; ADMIN_TOKEN_AUTOMATION=0
   * turns it off anywhere.
   */
  operatorAutomation?: boolean;
  /** Shop support and merchant sign-up; unset = DEFAULT_COMMUNITY_CONFIG. */
  community?: CommunityConfig;
  /** The bench's reference page at /bench-reference (BENCH_REFERENCE_PAGE=1, never with NODE_ENV=production). */
  benchReferencePage?: boolean;
  /** Redis for the limits and the sign-in brake that several API processes share (`REDIS_URL`); unset = memory. */
  redisUrl?: string;
  /** Namespace of this app's Redis keys (`REDIS_PREFIX`, default `mp:`). */
  redisPrefix?: string;
  /**
   * Key that encrypts operators' TOTP secrets at rest (`OPERATOR_SECRET_KEY`); unset = derived from the
   * ALTCHA key (itself `ALTCHA_HMAC_KEY` or the one kept in DATA_DIR), so every process sharing it agrees.
   */
  operatorSecretKey?: string;
  /**
   * Which proxies' X-Forwarded-For to believe (`TRUST_PROXY`: `1` = the nearest hop, a number of hops, or
   * a comma list of addresses/CIDRs); unset = none, the client address is the connection's.
   */
  trustProxy?: boolean | number | string[];
  /** SMTP delivery through the database outbox (`SMTP_URL`, `MAIL_FROM`); unset = files in DATA_DIR/outbox. */
  mail?: MailConfig;
}

export interface CommunityConfig {
  /** IANA zone whose calendar day a support counts for (`SUPPORT_TIME_ZONE`). */
  supportTimeZone: string;
  /** The seller platform merchant sign-up leads to (`SELLER_PLATFORM_URL`): absolute, or a path on this deployment. */
  sellerPlatformUrl: string;
}

/** The only place the community defaults are declared: the environment's fallback and the app's. */
export const DEFAULT_COMMUNITY_CONFIG: Readonly<CommunityConfig> = Object.freeze({
  supportTimeZone: 'UTC',
  /** This deployment's own seller centre (the seller app at /seller), resolved against the caller's origin. */
  sellerPlatformUrl: '/seller',
});

/** The time zone a support day is counted in; an unknown zone stops the start instead of counting wrong days. */
const supportTimeZone = (value: string | undefined): string => {
  const zone = value?.trim() || DEFAULT_COMMUNITY_CONFIG.supportTimeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new Error(`SUPPORT_TIME_ZONE is not a time zone: ${zone}`);
  }
  return zone;
};

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** `TRUST_PROXY`: `1`/`true` → trust the nearest proxy, `2`… → that many hops, else a list of addresses. */
export const trustProxy = (value: string | undefined): AppConfig['trustProxy'] => {
  const text = value?.trim();
  if (!text || text === '0' || text === 'false') return undefined;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
};

export const defaultAltcha = (): AltchaConfig => ({
  hmacKey: '',
  algorithm: 'SHA-256',
  cost: 1,
  maxNumber: 100_000,
  challengeTtlMs: 10 * 60_000,
  tokenTtlMs: 30 * 60_000,
  tokenMaxUses: 5,
});

/** The local deployment store: DEPLOY_DIR, else var/deploy of the checkout. */
const deployDirOf = (env: NodeJS.ProcessEnv, root: string): string =>
  path.resolve(env.DEPLOY_DIR ?? path.join(root, 'var', 'deploy'));

/**
 * The live version of a static unit in the local deployment store: `<deployDir>/<link>` (a symbolic link
 * that `npm run release -- promote|rollback <unit>` points at a version folder; the server serves the link,
 * so each request follows it to the version live now), when it holds a build. Null when none was promoted,
 * and with an S3 store (DEPLOY_STORE_URL): its versions are not on this disk, so the embedded build is served.
 */
const liveInLocalStore = (env: NodeJS.ProcessEnv, deployDir: string, link: string): string | null => {
  const live = path.join(deployDir, link);
  return !env.DEPLOY_STORE_URL && existsSync(path.join(live, 'index.html')) ? live : null;
};

/**
 * The shell to serve: SHELL_DIR; else the shell version live in the local deployment store (`npm run release --
 * promote shell <version>` points `<deployDir>/shell-live` at it, and a later promote or rollback swaps that
 * link, which the next request follows); else the embedded build, shell/dist.
 */
const shellDirOf = (env: NodeJS.ProcessEnv, root: string, deployDir: string): string => {
  if (env.SHELL_DIR) return path.resolve(env.SHELL_DIR);
  return liveInLocalStore(env, deployDir, 'shell-live') ?? path.join(root, 'shell', 'dist');
};

/**
 * The operator console to serve at `/console`, as the shell: CONSOLE_DIR; else the console version live in
 * the local deployment store (`promote console <version>` points `<deployDir>/console-live` at it; a later
 * promote or rollback reaches the next request without a restart); else the embedded build, console/dist.
 * With DEPLOY_STORE_URL the console is console/dist (or CONSOLE_DIR) as before: its versions are in the bucket.
 */
export const consoleDirOf = (
  env: NodeJS.ProcessEnv = process.env,
  root: string = findRepoRoot(),
  deployDir: string = deployDirOf(env, root),
): string => {
  if (env.CONSOLE_DIR) return path.resolve(env.CONSOLE_DIR);
  return liveInLocalStore(env, deployDir, 'console-live') ?? path.join(root, 'console', 'dist');
};

/**
 * The seller centre to serve at `/seller` (docs/decisions/0011-seller-accounts.md), as the console: SELLER_DIR;
 * else the version live in the local deployment store (`promote seller <version>` points `<deployDir>/seller-live`
 * at it); else the embedded build, seller/dist.
 */
export const sellerDirOf = (
  env: NodeJS.ProcessEnv = process.env,
  root: string = findRepoRoot(),
  deployDir: string = deployDirOf(env, root),
): string => {
  if (env.SELLER_DIR) return path.resolve(env.SELLER_DIR);
  return liveInLocalStore(env, deployDir, 'seller-live') ?? path.join(root, 'seller', 'dist');
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig & { port: number; host: string } => {
  const root = findRepoRoot();
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'var'));
  const deployDir = deployDirOf(env, root);
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') },
    deployDir,
    deployStore: deployStoreConfig(env),
    assetBaseUrl: assetBaseUrl(env),
    shellDir: shellDirOf(env, root, deployDir),
    logLevel: env.LOG_LEVEL || 'info',
    altcha: {
      ...defaultAltcha(),
      hmacKey: env.ALTCHA_HMAC_KEY ?? '',
      maxNumber: int(env.ALTCHA_MAX_NUMBER, 100_000),
      tokenMaxUses: int(env.ALTCHA_TOKEN_USES, 5),
    },
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT_MAX, 10), windowMs: 60_000 },
    // Demo shopper and catalogue: on the embedded database by default, on a real PostgreSQL only when asked.
    seedDemo: env.SEED_DEMO === '1' || (!env.DATABASE_URL && env.SEED_DEMO !== '0'),
    now: () => new Date(),
    adminToken: env.ADMIN_TOKEN || undefined,
    operatorAutomation:
      env.ADMIN_TOKEN_AUTOMATION === '1' ||
      (env.ADMIN_TOKEN_AUTOMATION !== '0' && env.NODE_ENV !== 'production' && !env.DATABASE_URL),
    /** The bench's reference page at /bench-reference (docs/decisions/0010-lighthouse-against-a-reference.md): never in production. */
    benchReferencePage: env.BENCH_REFERENCE_PAGE === '1' && env.NODE_ENV !== 'production',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    operatorSecretKey: env.OPERATOR_SECRET_KEY || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    mail: mailConfig(env),
    uploadQuota: {
      maxCount: int(env.UPLOAD_QUOTA_FILES, 60),
      maxBytes: int(env.UPLOAD_QUOTA_MB, 100) * 1024 * 1024,
      graceMs: int(env.UPLOAD_GRACE_HOURS, 24) * 3_600_000,
    },
    uploadS3: s3StorageConfig(env),
    community: {
      supportTimeZone: supportTimeZone(env.SUPPORT_TIME_ZONE),
      sellerPlatformUrl: env.SELLER_PLATFORM_URL?.trim() || DEFAULT_COMMUNITY_CONFIG.sellerPlatformUrl,
    },
    wallet: {
      serviceChargeBp: env.WITHDRAW_SERVICE_CHARGE_BP === '0' ? 0 : int(env.WITHDRAW_SERVICE_CHARGE_BP, 100),
      minWithdrawCents: int(env.WITHDRAW_MIN_CENTS, 100),
      cardSandbox: env.CARD_SANDBOX === '1' ? true : env.CARD_SANDBOX === '0' ? false : undefined,
    },
  };
};
