/**
 * `@marketplace/shared`: the client entry every area imports (a federated singleton), kept to what
 * the start-up and the first screen need, since a shared module loads whole. The rest has entries of
 * its own that load with the screens using them: `@marketplace/shared/contracts` (zod schemas; its
 * schema-free values are `@marketplace/shared/contracts/core`), `@marketplace/shared/payment`
 * (PaymentCodePopup), `@marketplace/shared/upload` (ImageUploadField, uploadFile).
 */
import './ui/antd-react19';

export { api, API_TAG_TYPES, ENDPOINTS_DEFINED_ONCE, withMsg } from './api/api';
export { apiBaseQuery, type ApiArgs, type ApiBaseQuery, type ApiError, type ApiMeta } from './api/base-query';
export {
  isOffline,
  navigateTo,
  onConnectionRequired,
  onNetworkReport,
  onUnauthorized,
  onVerificationRequired,
  setNavigator,
} from './api/api-events';
export { forgetLastSeen } from './api/last-seen';
export { serializeParams } from './api/serialize-params';
export { sessionApi } from './api/session-api';
export { bagReadApi } from './api/bag-api';
export { useGetSupportStatusQuery, useLazyGetSupportStatusQuery, useSupportShopMutation } from './api/support-api';

export {
  sessionSlice,
  loginSucceeded,
  userInfoLoaded,
  languageChanged,
  mergeBackData,
  sessionCleared,
  selectToken,
  selectUserInfo,
  selectLang,
  selectBackData,
  type SessionState,
} from './session/session-slice';
export { DEFAULT_SESSION_LANGUAGE, type SessionLanguage } from './session/session-cookies';
export {
  createAppStore,
  useAppDispatch,
  useAppSelector,
  type AppDispatch,
  type AppStore,
  type RootState,
} from './session/store';
export { clearVerificationToken, readVerificationToken, storeVerificationToken } from './session/verification-token';
export { loginRedirect, returnPathAfterLogin } from './session/login-redirect';

export { detectInitialLanguage, languageCodeFromTag } from './i18n/detect-language';
export { I18N_BASE_OPTIONS } from './i18n/i18n-options';
export {
  addCoreNamespaces,
  addRemoteNamespace,
  loadCommonMessages,
  loadErrorMessages,
  loadLocaleFile,
  loadWithFallback,
  type Messages,
} from './i18n/load-messages';
export { translate } from './i18n/translate';
export { applyHtmlLangPlurals, htmlLangPlurals } from './i18n/plural-rules';
export { formatDate, formatDateTime, formatDecimal, formatPercent } from './i18n/format';
export { useDirection } from './i18n/use-direction';

export { toastFail, toastSuccess, type ToastText } from './ui/toast';
export { optionalText, textOf } from './forms/form-values';
export { outcomeOf, type MutationOutcome, type MutationResult } from './forms/mutation-outcome';
export {
  useSchemaForm,
  type FormProblem,
  type FormSchema,
  type MarkableForm,
  type ProblemOptions,
  type SchemaForm,
} from './forms/schema-form';
export { setBackHandler, useGoBack, type BackHandler } from './ui/back-navigation';
export { PageHeader, type PageHeaderProps } from './ui/page-header';
export { PagedList, type PagedListProps } from './ui/paged-list';
export { usePageLoader } from './api/use-page-loader';
export { usePagedList, type PagedList as PagedListController } from './ui/use-paged-list';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { NamedTabs, type NamedTabsProps } from './ui/named-tabs';
export { useScreenTitle, useScreenTitleKey } from './ui/screen-title';
export { ErrorPanel, type ErrorPanelProps } from './ui/error-panel';
export { Money } from './ui/money';
export { Spinner } from './ui/spinner';
export { pictureUrl, savesData } from './picture-url';

export type { RemoteModule } from './remote-module';
export type { RouteDefinition } from './contracts/federation-routes';
export { links } from './links';
export { registerReactCopy, type MarketplaceDiagnostics, type ReactCopy } from './diagnostics';
