// Proves the import boundaries of ARCHITECTURE.md section 2 are enforced by the repo's real ESLint
// config: every forbidden import is an error, and its allowed counterpart lints clean. Files are
// virtual (lintText with a filePath in the right folder), so nothing here depends on app code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'nebula/import-boundaries';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  return result.messages;
}

interface Case {
  readonly file: string;
  readonly code: string;
}

const c = (file: string, code: string): Case => ({ file, code });

const forbidden: Record<string, Case[]> = {
  'packages never import apps': [
    c('packages/money/src/x.ts', "export { a } from '../../../apps/server/src/platform/config.js';"),
    c('packages/games/src/dice/dice.ts', "export { a } from '../../../../apps/web/src/lib/api.js';"),
    c('packages/contracts/src/x.ts', "export { a } from '@nebula/server';"),
    c('packages/fairness/src/x.ts', "export type { A } from '@nebula/web/src/app/app.js';"),
    c(
      'packages/contracts/src/endpoints/x.ts',
      "export * from '../../../../apps/server/src/modules/wallet/index.js';",
    ),
  ],
  'pure packages import no Node built-ins': [
    c(
      'packages/fairness/src/x.ts',
      "import { createHmac } from 'node:crypto';\nexport const h = createHmac;",
    ),
    c('packages/money/src/x.ts', "export { readFileSync } from 'fs';"),
    c('packages/games/src/x.ts', "export { join } from 'path';"),
    c('packages/games/src/x.ts', "export { createHash } from 'crypto';"),
    c('packages/money/src/x.ts', "export { request } from 'http';"),
    c('packages/fairness/src/x.ts', "export { readFile } from 'fs/promises';"),
    c('packages/money/src/x.ts', "export const m = await import('node:os');"),
    c('packages/games/src/x.ts', "export type B = import('node:buffer').Buffer;"),
  ],
  'pure packages import no React': [
    c('packages/games/src/x.ts', "export { useState } from 'react';"),
    c('packages/money/src/x.ts', "export { createRoot } from 'react-dom/client';"),
    c('packages/fairness/src/x.ts', "export { useQuery } from '@tanstack/react-query';"),
  ],
  'pure packages import no DB or server libraries': [
    c('packages/money/src/x.ts', "export { Pool } from 'pg';"),
    c('packages/games/src/x.ts', "export { sql } from 'drizzle-orm';"),
    c('packages/fairness/src/x.ts', "export { PGlite } from '@electric-sql/pglite';"),
    c('packages/games/src/x.ts', "export { default } from 'fastify';"),
    c('packages/money/src/x.ts', "export { default } from 'ioredis';"),
    c('packages/games/src/x.ts', "export { pgTable } from 'drizzle-orm/pg-core';"),
  ],
  'contracts import only zod, @nebula/money and own files': [
    c('packages/contracts/src/x.ts', "export { readFile } from 'node:fs';"),
    c('packages/contracts/src/x.ts', "export { useState } from 'react';"),
    c('packages/contracts/src/x.ts', "export { sql } from 'drizzle-orm';"),
    c('packages/contracts/src/x.ts', "export { hmac } from '@noble/hashes/hmac.js';"),
    c('packages/contracts/src/x.ts', "export { gameRegistry } from '@nebula/games';"),
  ],
  'packages use each other by name, not by path': [
    c('packages/games/src/x.ts', "export { amount } from '../../money/src/amount.js';"),
    c('packages/money/src/x.ts', "export { a } from '../../../scripts/seed.js';"),
  ],
  'web never imports the server': [
    c('apps/web/src/lib/api.ts', "export { app } from '@nebula/server';"),
    c('apps/web/src/lib/api.ts', "export type { Config } from '@nebula/server/src/platform/config.js';"),
    c('apps/web/src/lib/api.ts', "export { config } from '../../../server/src/platform/config.js';"),
    c(
      'apps/web/src/features/wallet/api/x.ts',
      "export { w } from '../../../../../server/src/modules/wallet/index.js';",
    ),
    c('apps/web/src/app/app.tsx', "export const m = import('../../../server/src/main.js');"),
  ],
  'server never imports web': [
    c('apps/server/src/main.ts', "export { App } from '@nebula/web';"),
    c('apps/server/src/platform/http.ts', "export { theme } from '../../../web/src/lib/theme.js';"),
    c('apps/server/src/modules/chat/chat.service.ts', "export { x } from '../../../../web/src/ui/modal.js';"),
  ],
  'web features do not import each other': [
    c(
      'apps/web/src/features/wallet/components/deposit.tsx',
      "export { Login } from '../../auth/components/login.js';",
    ),
    c('apps/web/src/features/chat/hooks/use-chat.ts', "export { useAuth } from '../../auth/index.js';"),
    c('apps/web/src/features/lobby/lobby.tsx', "export * from '../auth';"),
    c('apps/web/src/features/promotions/x.ts', "export { x } from '../../features/wallet/api/wallet.js';"),
  ],
  'the web imports contract values only from the zod-free constants entry': [
    c('apps/web/src/lib/x.ts', "export { PASSWORD_MIN } from '@nebula/contracts';"),
    c('apps/web/src/app/x.ts', "import '@nebula/contracts';"),
    c('apps/web/src/lib/x.ts', "export * from '@nebula/contracts';"),
    c('apps/web/src/games/crash/x.ts', "export const m = import('@nebula/contracts');"),
    c(
      'apps/web/src/features/chat/x.ts',
      "import { chatMessageEvent } from '@nebula/contracts';\nexport const e = chatMessageEvent;",
    ),
    c(
      'apps/web/src/features/auth/x.tsx',
      "import { type Me, meSchema } from '@nebula/contracts';\nexport type M = Me;\nexport const s = meSchema;",
    ),
  ],
  'the contracts constants entry stays zod-free': [
    c('packages/contracts/src/constants/x.ts', "export { z } from 'zod';"),
    c('packages/contracts/src/constants/x.ts', "export { meSchema } from '../endpoints/auth.js';"),
    c('packages/contracts/src/constants/x.ts', "export * from '../realtime.js';"),
  ],
  'server modules use other modules only through their index': [
    c(
      'apps/server/src/modules/wallet/wallet.service.ts',
      "export { post } from '../ledger/ledger.service.js';",
    ),
    c(
      'apps/server/src/modules/wallet/wallet.routes.ts',
      "export { t } from '../ledger/ledger.repository.js';",
    ),
    c(
      'apps/server/src/modules/games/engine/play.ts',
      "export { c } from '../../wallet/policy/wallet.policy.js';",
    ),
    c(
      'apps/server/src/modules/chat/chat.service.ts',
      "export { u } from '../../modules/users/users.repository.js';",
    ),
    c('apps/server/src/modules/race/race.service.ts', "export { i } from '../vip/index-helpers.js';"),
  ],
};

const allowed: Record<string, Case[]> = {
  'packages import their own files and pure dependencies': [
    c('packages/money/src/x.ts', "export { amount } from './amount.js';"),
    c('packages/fairness/src/x.ts', "export { hmac } from '@noble/hashes/hmac.js';"),
    c('packages/games/src/dice/dice.ts', "export { z } from 'zod';"),
    c(
      'packages/games/src/dice/dice.ts',
      "export { parseAmount } from '@nebula/money';\nexport { sha256Hex } from '@nebula/fairness';",
    ),
    c('packages/games/src/x.ts', "export { helper } from '../src/helper.js';"),
  ],
  'contracts import zod, @nebula/money and own files': [
    c('packages/contracts/src/x.ts', "export { z } from 'zod';"),
    c('packages/contracts/src/x.ts', "export { z } from 'zod/v4';"),
    c('packages/contracts/src/x.ts', "export { parseAmount } from '@nebula/money';"),
    c('packages/contracts/src/endpoints/x.ts', "export { policy } from '../endpoint.js';"),
  ],
  'apps use packages, own files and their libraries': [
    c('apps/web/src/lib/api.ts', "export type { currenciesEndpoint } from '@nebula/contracts';"),
    c(
      'apps/web/src/app/routes.tsx',
      "export { Wallet } from '../features/wallet/index.js';\nexport { Chat } from '../features/chat/index.js';",
    ),
    c(
      'apps/web/src/features/wallet/components/deposit.tsx',
      "export { Modal } from '../../../ui/modal.js';\nexport { api } from '../../../lib/api.js';",
    ),
    c(
      'apps/web/src/features/wallet/components/deposit.tsx',
      "export { useWallet } from '../hooks/use-wallet.js';",
    ),
    c('apps/web/src/features/wallet/index.ts', "export { useState } from 'react';"),
    c(
      'apps/server/src/main.ts',
      "export { buildApp } from './platform/http.js';\nexport { readFile } from 'node:fs/promises';",
    ),
    c('apps/server/src/app.ts', "export { walletRoutes } from './modules/wallet/wallet.routes.js';"),
    c(
      'apps/server/src/db/client.ts',
      "export { Pool } from 'pg';\nexport { PGlite } from '@electric-sql/pglite';",
    ),
  ],
  'the web imports contract types from anywhere, values from the constants entry': [
    c('apps/web/src/lib/x.ts', "import type { Me } from '@nebula/contracts';\nexport type M = Me;"),
    c('apps/web/src/lib/x.ts', "export type { Me } from '@nebula/contracts';"),
    c(
      'apps/web/src/features/chat/x.ts',
      "import { type Me, type meSchema } from '@nebula/contracts';\nexport type M = [Me, typeof meSchema];",
    ),
    c('apps/web/src/features/chat/x.ts', "export { CHAT_MESSAGE_MAX } from '@nebula/contracts/constants';"),
    c('apps/web/src/features/chat/x.test.ts', "export { chatMessageEvent } from '@nebula/contracts';"),
    c('packages/contracts/src/constants/x.ts', "export * from './chat.js';"),
    c(
      'packages/contracts/src/constants/x.ts',
      "import type { LiveGame } from '../endpoints/feed.js';\nexport type L = LiveGame;",
    ),
  ],
  'server modules import other modules through their index': [
    c(
      'apps/server/src/modules/wallet/wallet.service.ts',
      "export { postTransfer } from '../ledger/index.js';",
    ),
    c(
      'apps/server/src/modules/wallet/wallet.service.ts',
      "export { postTransfer } from '../ledger/index.ts';",
    ),
    c('apps/server/src/modules/wallet/wallet.service.ts', "export { postTransfer } from '../ledger';"),
    c('apps/server/src/modules/games/engine/play.ts', "export { credit } from '../../wallet/index.js';"),
    c(
      'apps/server/src/modules/wallet/wallet.routes.ts',
      "export { walletService } from './wallet.service.js';",
    ),
    c(
      'apps/server/src/modules/wallet/wallet.routes.ts',
      "export { requireUser } from '../../platform/auth.js';",
    ),
  ],
};

function boundaryErrors(messages: Linter.LintMessage[]): Linter.LintMessage[] {
  return messages.filter((m) => m.ruleId === RULE && m.severity === 2);
}

describe('import boundaries', () => {
  for (const [rule, cases] of Object.entries(forbidden)) {
    describe(`forbidden: ${rule}`, () => {
      it.each(cases)('$file: $code', async ({ file, code }) => {
        const messages = await lint(file, code);
        expect(messages.some((m) => m.fatal)).toBe(false);
        expect(boundaryErrors(messages)).toHaveLength(1);
      });
    });
  }

  for (const [rule, cases] of Object.entries(allowed)) {
    describe(`allowed: ${rule}`, () => {
      it.each(cases)('$file: $code', async ({ file, code }) => {
        const messages = await lint(file, code);
        // No boundary error, and nothing else either: the allowed forms lint clean.
        expect(messages.filter((m) => m.severity === 2)).toEqual([]);
      });
    });
  }

  it('explains the violation in the message', async () => {
    const [message] = boundaryErrors(
      await lint(
        'apps/server/src/modules/wallet/wallet.service.ts',
        "export { a } from '../ledger/ledger.service.js';",
      ),
    );
    expect(message?.message).toMatch(/module 'wallet' may use module 'ledger' only through its index/);
  });

  it('finds no boundary violation in the real packages', async () => {
    const results = await eslint.lintFiles(['packages']);
    expect(results.length).toBeGreaterThan(5);
    const violations = results.flatMap((r) =>
      boundaryErrors(r.messages).map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(violations).toEqual([]);
  });
});
