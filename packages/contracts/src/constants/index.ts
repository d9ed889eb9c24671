/**
 * The zod-free half of the contracts (`@nebula/contracts/constants`): limits, keys, codes and the
 * small pure rules server and web share. The web imports values from here only: a value import of
 * `@nebula/contracts` would pull zod into the bundle (eslint: nebula/import-boundaries). Every name
 * here is exported by `@nebula/contracts` too.
 */
export * from './auth.js';
export * from './catalogue.js';
export * from './channels.js';
export * from './chat.js';
export * from './feed.js';
export * from './legal.js';
export * from './sports.js';
export * from './tips.js';
export * from './protection.js';
export * from './slots.js';
export * from './external-sports.js';
export * from './wallet-message.js';
export * from './vip.js';
export * from './rakeback.js';
export * from './notifications.js';
export * from './contact-info.js';
export * from './realtime-refs.js';
export * from './realtime/index.js';
export * from './promocodes.js';
export * from './wheel.js';
export * from './players.js';
