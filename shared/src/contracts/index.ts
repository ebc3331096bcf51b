export * from './constants';
export * from './envelope';
export * from './languages';
export * from './federation';
export * from './user';
export * from './verification';
export * from './money';
