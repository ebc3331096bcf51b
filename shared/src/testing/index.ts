/** Test helpers for every front-end workspace (`@marketplace/shared/testing`); never bundled. */
export { initTestI18n } from './init-test-i18n';
export { envelope, fakeFetch, jsonResponse, sent } from './fake-server';
export {
  fail,
  fakeApi,
  ok,
  type Answer,
  type FakeApiOptions,
  type FakeRoutes,
  type Handler,
  type Refusal,
  type Reply,
  type SentCall,
} from './fake-api';
export { demoUser, signedIn, tokenCookie } from './fixtures';
export { resetBrowser, resetBrowserState } from './reset-browser-state';
export { clearOverlays } from './clear-overlays';
export { createScreenRenderer, type RenderScreenOptions, type TitledRoute } from './render-screen';
export { fakeUpload, pngFile, type SentUpload } from './fake-upload';
