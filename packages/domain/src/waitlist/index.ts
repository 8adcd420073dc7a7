export * from './decider';
export * from './events';
export * from './ids';
