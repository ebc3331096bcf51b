// The notifications feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { UnreadNotificationsBadge } from './components/unread-badge';
export { useLiveCountOptions } from './hooks/use-live-count-options';
