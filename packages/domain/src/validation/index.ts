export * from './admin';
export * from './booking';
export * from './discount';
export * from './fields';
export * from './validate';
export * from './venue';
export * from './corporate';
