/**
 * Public booking forms (spec section 5), shared by the web forms and the api handlers; one file per
 * form. The field rules the forms share are not exported: only LANGUAGE_MESSAGE was public before the split.
 */
export * from './admin-registration';
export * from './cancel';
export * from './discount-code';
export * from './main-form';
export * from './member-verification';
export * from './participants';
export * from './partner-code';
export * from './registration-request';
export * from './simple-registration';
export { LANGUAGE_MESSAGE } from './shared-fields';
