// The profile feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { useGetUserInfoQuery } from './api';
export { ProfileForm } from './components/profile-form';
export { userNameOf } from './components/profile-summary';
export { useReloadUserInfo } from './hooks/use-reload-user-info';
