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
  'web features, games, ui and lib never import app/': [
    c(
      'apps/web/src/features/chat/chat-room.tsx',
      "export { ConnectionWindow } from '../../app/shell/connection-window';",
    ),
    c(
      'apps/web/src/games/frame/side-panel.tsx',
      "export { CurrencyIcon } from '../../app/shell/currency-icon';",
    ),
    c('apps/web/src/games/dice/index.ts', "export const m = import('../../app/routes');"),
    c('apps/web/src/ui/modal.tsx', "export { router } from '../app/router.js';"),
    c('apps/web/src/lib/api.ts', "export type { Handle } from '../app/route-handle';"),
    c('apps/web/src/features/lobby/x.ts', "export * from '../../app';"),
  ],
  'web games reach features only through their index': [
    c('apps/web/src/games/game-page.tsx', "export { F } from '../features/lobby/favourite-button';"),
    c(
      'apps/web/src/games/frame/fairness-modal.tsx',
      "export { b } from '../../features/fairness/parse-verify';",
    ),
    c('apps/web/src/games/crash/x.ts', "export { c } from '../../features/chat/hooks/use-chat.js';"),
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
  'web layers: app composes, features and games build on ui and lib, games use feature indexes': [
    c('apps/web/src/app/routes.tsx', "export { Shell } from './shell/shell';"),
    c('apps/web/src/app/shell/header.tsx', "export { requestLogin } from '../../lib/request-login';"),
    c('apps/web/src/features/chat/chat-room.tsx', "export { requestLogin } from '../../lib/request-login';"),
    c('apps/web/src/games/frame/side-panel.tsx', "export { CurrencyIcon } from '../../ui';"),
    c('apps/web/src/games/game-page.tsx', "export { GameFavouriteButton } from '../features/lobby';"),
    c(
      'apps/web/src/games/frame/fairness-modal.tsx',
      "export { buildVerifyHref } from '../../features/fairness/index';",
    ),
    c(
      'apps/web/src/games/frame/history-table.tsx',
      "export { openBetOverview } from '../../features/bets/index.js';",
    ),
    c('apps/web/src/games/dice/index.ts', "export { DiceBoard } from './dice-board';"),
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

  it('explains a web layering violation in the message', async () => {
    const [message] = boundaryErrors(
      await lint('apps/web/src/games/crash/crash-game.tsx', "export { r } from '../../app/routes';"),
    );
    expect(message?.message).toMatch(/src\/games\/ must not import src\/app\//);
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

/**
 * `nebula/no-import-cycles`: the linted file is virtual (lintText) and so are the files it imports
 * (`settings['nebula/sources']`, read by the rule instead of the disk), so each fixture is a real cycle.
 */
describe('no import cycles in the web app', () => {
  const CYCLES = 'nebula/no-import-cycles';

  async function lintWith(
    sources: Record<string, string>,
    file: string,
    code: string,
  ): Promise<Linter.LintMessage[]> {
    const withSources = new ESLint({
      cwd: repoRoot,
      overrideConfig: { settings: { 'nebula/sources': sources } },
    });
    const [result] = await withSources.lintText(code, { filePath: path.join(repoRoot, file) });
    if (!result) throw new Error(`no lint result for ${file}`);
    return result.messages;
  }
  const cycleErrors = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === CYCLES && m.severity === 2);

  it('reports a module that imports a module importing it back', async () => {
    const messages = await lintWith(
      { 'apps/web/src/lib/fx-b.ts': "import { a } from './fx-a';\nexport const b = a + 1;" },
      'apps/web/src/lib/fx-a.ts',
      "import { b } from './fx-b';\nexport const a = 1;\nexport const c = b;",
    );
    const errors = cycleErrors(messages);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(
      'apps/web/src/lib/fx-a.ts -> apps/web/src/lib/fx-b.ts -> apps/web/src/lib/fx-a.ts',
    );
  });

  it('reports a longer cycle through re-exports, index files and `.js` specifiers', async () => {
    const messages = await lintWith(
      {
        'apps/web/src/features/fx/index.ts': "export { Panel } from './panel.js';",
        'apps/web/src/features/fx/panel.tsx':
          "import { useRegistry } from '../../games/fx-registry';\nexport const Panel = useRegistry;",
        'apps/web/src/games/fx-registry.ts': "import './fx-game';\nexport const useRegistry = 1;",
      },
      'apps/web/src/games/fx-game.tsx',
      "import { Panel } from '../features/fx';\nexport const game = Panel;",
    );
    expect(cycleErrors(messages)).toHaveLength(1);
  });

  it('reports a side-effect import and an import of types only written inline (both stay at run time)', async () => {
    const sources = { 'apps/web/src/lib/fx-b.ts': "import { type A } from './fx-a';\nexport type B = A;" };
    expect(
      cycleErrors(
        await lintWith(sources, 'apps/web/src/lib/fx-a.ts', "import './fx-b';\nexport type A = 1;"),
      ),
    ).toHaveLength(1);
  });

  it('allows type-only imports, dynamic imports and imports that do not come back', async () => {
    const sources = {
      'apps/web/src/lib/fx-types.ts': "import type { A } from './fx-a';\nexport type T = A;",
      'apps/web/src/lib/fx-lazy.ts': "export const load = () => import('./fx-a');",
      'apps/web/src/lib/fx-leaf.ts': "import './fx-leaf.css';\nexport const leaf = 1;",
    };
    const messages = await lintWith(
      sources,
      'apps/web/src/lib/fx-a.ts',
      "import type { T } from './fx-types';\nimport { load } from './fx-lazy';\nimport { leaf } from './fx-leaf';\nexport type A = T;\nexport const a = [load, leaf];",
    );
    expect(messages.filter((m) => m.severity === 2)).toEqual([]);
  });
});
