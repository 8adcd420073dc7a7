export * from './common';
export * from './admin';
export * from './public';
export * from './queues';
