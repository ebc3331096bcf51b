// The orders feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { LabelledField } from './components/labelled-field';
export { default as OrderActions } from './components/order-actions';
export { AmountList, ItemLineContent } from './components/order-lines';
export { OrderPage, orderIdOf } from './components/order-page';
export { statusKey } from './logistics-status';
export { useGetOrderDetailQuery } from './api';
