import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { registerAuthModule } from './auth/index.js';
import { registerLedgerModule } from './ledger/index.js';
import { registerCaptchaModule } from './captcha/index.js';
import { registerCurrenciesModule } from './currencies/index.js';
import { registerPlatformModule } from './platform/index.js';
import { registerProfileModule } from './profile/index.js';
import { registerRealtimeRoutes } from '../realtime/realtime.routes.js';
import { registerTwoFactorModule } from './two-factor/index.js';
import { registerWalletAuthModule } from './wallet-auth/index.js';
import { registerTelegramAuthModule } from './telegram-auth/index.js';
import { registerMailModule } from './mail/index.js';
import { registerAccountEmailModule } from './account-email/index.js';
import { registerPricesModule } from './prices/index.js';
import { registerWithdrawalsModule } from './withdrawals/index.js';
import { registerDemoMoneyModule } from './demo-money/index.js';
import { registerDepositsModule } from './deposits/index.js';
import { registerCrashModule } from './crash/index.js';
import { registerGamesModule } from './games/index.js';
import { registerCatalogueModule } from './catalogue/index.js';
import { registerFeedModule } from './feed/index.js';
import { registerRaceModule } from './race/index.js';
import { registerChatModule } from './chat/index.js';
import { registerTipsModule } from './tips/index.js';
import { registerBonusModule } from './bonus/index.js';
import { registerAuditModule } from './audit/index.js';

export type ModuleRegistration = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** The modules this server runs. Adding a module is one line here; each module owns its routes. */
export const modules: ModuleRegistration[] = [
  registerPlatformModule,
  registerCurrenciesModule,
  registerRealtimeRoutes,
  registerCaptchaModule,
  registerAuthModule,
  registerProfileModule,
  registerTwoFactorModule,
  registerWalletAuthModule,
  registerTelegramAuthModule,
  registerMailModule,
  registerAccountEmailModule,
  registerLedgerModule,
  registerPricesModule,
  registerWithdrawalsModule,
  registerDemoMoneyModule,
  registerDepositsModule,
  registerGamesModule,
  registerCrashModule,
  registerCatalogueModule,
  registerFeedModule,
  registerRaceModule,
  registerChatModule,
  registerTipsModule,
  registerBonusModule,
  registerAuditModule,
];
