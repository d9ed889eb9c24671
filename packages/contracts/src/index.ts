export * from './errors.js';
export * from './endpoint.js';
export * from './endpoints/platform.js';
