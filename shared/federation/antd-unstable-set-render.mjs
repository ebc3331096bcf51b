// `import { unstableSetRender } from 'antd-mobile'` lands here (ANTD_TRANSFORM_IMPORT): the one
// function of the library that is no component, from its own file instead of the whole library.
export { unstableSetRender as default } from 'antd-mobile/es/utils/unstable-render.js';
