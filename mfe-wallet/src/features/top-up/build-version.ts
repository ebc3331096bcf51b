/** This build's version, set at build time by the federation config (`VERSION` or package.json). */
export const WALLET_VERSION: string = process.env.APP_VERSION ?? '0.0.0-dev';
