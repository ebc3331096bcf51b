// The layout feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export {
  AccountForm,
  AccountNameField,
  ContactFields,
  MailedCodeField,
  NewPasswordFields,
  PasswordField,
  useAccountForm,
} from './components/account-form';
export { AccountPage } from './components/account-page';
