/**
 * The crash module's per-server instances (platform/services.ts), created once at start: the crash
 * service every node's whispers and Play share (its cash-out queue and database clock are per node),
 * and the salt blocks the leader's chain job and round loop read (the deposit module's chain registry
 * with the CRASH_SALT_* options; a salt chain without a block source stops the start-up).
 */
import { defineService } from '../../platform/services.js';
import { crashEnv } from './config.js';
import { createSaltBlocks } from './salt-block.js';
import { CrashService } from './service.js';

/** The node's crash service: `crashService.of(ctx)`. */
export const crashService = defineService('crash.service', (ctx) => new CrashService(ctx));

/** The server's salt blocks: `crashSaltBlocks.of(ctx)`. */
export const crashSaltBlocks = defineService('crash.salt-blocks', (ctx) =>
  createSaltBlocks(ctx, crashEnv.of(ctx.config)),
);
