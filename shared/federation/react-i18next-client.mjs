// What the shared `react-i18next` singleton provides: the names the apps use. Its Trans components
// (and their HTML parser), the HOCs and the SSR helpers are left out: a shared module cannot be
// tree-shaken by its consumers, so this list is its tree-shaking (~4 KB gzip). An app importing a
// name missing here fails its build (exportsPresence: 'error'): add the name here when an app
// starts to use it. The library is imported by its file: the bare name is this shared module itself.
export { I18nextProvider, initReactI18next, useTranslation } from '../../node_modules/react-i18next/dist/es/index.js';
