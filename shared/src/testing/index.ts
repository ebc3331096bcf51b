/** Test helpers for every front-end workspace (`@marketplace/shared/testing`); never bundled. */
export { initTestI18n } from './init-test-i18n';
export { envelope, fakeFetch, jsonResponse, sent } from './fake-server';
export { resetBrowserState } from './reset-browser-state';
export { clearOverlays } from './clear-overlays';
export { createScreenRenderer, type RenderScreenOptions } from './render-screen';
export { fakeUpload, pngFile, type SentUpload } from './fake-upload';
