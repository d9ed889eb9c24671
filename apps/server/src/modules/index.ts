import type { ServerModule } from '../platform/module.js';
import { accountEmailModule } from './account-email/index.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { bonusModule } from './bonus/index.js';
import { captchaModule } from './captcha/index.js';
import { catalogueModule } from './catalogue/index.js';
import { chatModule } from './chat/index.js';
import { crashModule } from './crash/index.js';
import { currenciesModule } from './currencies/index.js';
import { dashboardModule } from './dashboard/index.js';
import { demoMoneyModule } from './demo-money/index.js';
import { depositsModule } from './deposits/index.js';
import { externalSportsModule } from './external-sports/index.js';
import { faucetModule } from './faucet/index.js';
import { feedModule } from './feed/index.js';
import { gamesModule } from './games/index.js';
import { ledgerModule } from './ledger/index.js';
import { legalModule } from './legal/index.js';
import { localAggregatorModule } from './local-aggregator/index.js';
import { localSportsbookModule } from './local-sportsbook/index.js';
import { mailModule } from './mail/index.js';
import { notificationsModule } from './notifications/index.js';
import { platformModule } from './platform/index.js';
import { playersModule } from './players/index.js';
import { pricesModule } from './prices/index.js';
import { profileModule } from './profile/index.js';
import { promocodesModule } from './promocodes/index.js';
import { promotionsModule } from './promotions/index.js';
import { protectionModule } from './protection/index.js';
import { raceModule } from './race/index.js';
import { rakebackModule } from './rakeback/index.js';
import { realtimeModule } from '../realtime/realtime.routes.js';
import { seedsModule } from './seeds/index.js';
import { slotsModule } from './slots/index.js';
import { sportsModule } from './sports/index.js';
import { telegramAuthModule } from './telegram-auth/index.js';
import { tipsModule } from './tips/index.js';
import { twoFactorModule } from './two-factor/index.js';
import { usersModule } from './users/index.js';
import { vipModule } from './vip/index.js';
import { wagersModule } from './wagers/index.js';
import { walletAuthModule } from './wallet-auth/index.js';
import { wheelModule } from './wheel/index.js';
import { withdrawalsModule } from './withdrawals/index.js';

/**
 * The modules this server runs, and the only list of them (decision 0013): the server seeds, registers
 * the routes and whispers, the channels and the jobs of each, in this order. Adding a module is one
 * line here (plus its folder, its migration and its contracts file). Seeds run in this order too:
 * currencies and the licence before the roles and demo accounts, before the catalogue.
 */
export const modules: readonly ServerModule[] = [
  platformModule,
  legalModule,
  currenciesModule,
  usersModule,
  realtimeModule,
  captchaModule,
  authModule,
  profileModule,
  twoFactorModule,
  walletAuthModule,
  telegramAuthModule,
  mailModule,
  accountEmailModule,
  ledgerModule,
  pricesModule,
  withdrawalsModule,
  demoMoneyModule,
  depositsModule,
  seedsModule,
  protectionModule,
  wagersModule,
  gamesModule,
  dashboardModule,
  crashModule,
  sportsModule,
  catalogueModule,
  slotsModule,
  localAggregatorModule,
  externalSportsModule,
  localSportsbookModule,
  feedModule,
  raceModule,
  chatModule,
  tipsModule,
  bonusModule,
  vipModule,
  promocodesModule,
  rakebackModule,
  notificationsModule,
  wheelModule,
  faucetModule,
  promotionsModule,
  auditModule,
  playersModule,
];
