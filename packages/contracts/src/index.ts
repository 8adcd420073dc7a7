export * from './common';
export * from './admin';
