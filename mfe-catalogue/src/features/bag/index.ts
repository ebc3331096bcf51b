// The bag feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { useAddBagItemMutation } from './api';
export { default as QuantityStepper } from './components/quantity-stepper';
export { useBagCount } from './use-bag-count';
