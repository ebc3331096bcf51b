export const root: string;
export const APPS: readonly string[];
export function isBuilt(): boolean;
export function buildAll(): Promise<void>;
export function deployAll(deployDir: string): Promise<void>;
export function freePort(): Promise<number>;
export function tempDeployDir(): string;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

export function startServer(options?: {
  deployDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningServer>;

export const VERIFICATION_STORAGE_KEY: string;
/** `browser` is a puppeteer Browser (typed loosely: the e2e workspace does not depend on puppeteer). */
export function humanVerificationToken(
  browser: { newPage(): Promise<unknown> },
  baseUrl: string,
): Promise<string | null>;
