export * from './errors.js';
export * from './endpoint.js';
export * from './realtime.js';
export * from './endpoints/platform.js';
export * from './endpoints/realtime.js';
export * from './endpoints/auth.js';
export * from './wallet-message.js';
export * from './endpoints/wallet.js';
