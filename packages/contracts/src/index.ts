export * from './common';
export * from './admin';
export * from './queues';
