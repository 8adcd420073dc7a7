export * from './common';
export * from './admin';
export * from './public';
export * from './partner';
export * from './queues';
export * from './refunds';
export * from './staff';
export * from './waitlist';
