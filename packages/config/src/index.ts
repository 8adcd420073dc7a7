export * from './env';
export * from './common';
export * from './production-guard';
export * from './retention';
export * from './log-censor';
export * from './paynow';
