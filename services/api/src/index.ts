export { buildApp, type AppDeps } from './app';
export { readApiConfig, testApiConfig, type ApiConfig } from './config';
