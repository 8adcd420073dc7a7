export * from './decider';
export * from './events';
export * from './refunds';
export * from './check-in';
export * from './personal-data';
export * from './reminder-events';
export * from './status-change';
export * from './manage-access';
