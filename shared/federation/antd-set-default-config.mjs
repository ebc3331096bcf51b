// `import { setDefaultConfig } from 'antd-mobile'` lands here (ANTD_TRANSFORM_IMPORT): no component
// of its own, it lives in the config provider's shared file, so every area sets the one default
// configuration that imperative dialogs and toasts read.
export { setDefaultConfig as default } from 'antd-mobile/es/components/config-provider';
