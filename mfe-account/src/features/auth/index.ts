// The auth feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { useLogoutUserMutation } from './api';
