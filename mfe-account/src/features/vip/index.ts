// The vip feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { useOwnVipLevelName } from './hooks/use-vip-level-name';
