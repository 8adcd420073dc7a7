export * from './decider';
export * from './events';
