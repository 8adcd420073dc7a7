export * from './allowance';
export * from './eligibility';
export * from './messages';
export * from './payment';
export * from './roster';
export * from './report';
export * from './company-invoice';
