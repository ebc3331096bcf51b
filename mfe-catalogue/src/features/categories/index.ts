// The categories feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { productsOfCategory, useCategoryName } from './categories';
export { default as CategoryGrid } from './components/category-grid';
export { default as CategoryIcon } from './components/category-icon';
