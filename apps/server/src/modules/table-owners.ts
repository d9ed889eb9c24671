/**
 * Which module owns which table (issue G2 item 3). A module's SQL names only its own tables; anything
 * else goes through the owner's `index.ts`. `test/table-ownership.test.ts` checks this list against the
 * migrations (every table has exactly one owner) and scans every module's SQL for the tables it names:
 * a crossing that is not on the test's allow-list fails, and so does an allow-list entry that is no
 * longer a crossing (the list only shrinks). Until module definitions exist (G2 item 1) this is the one
 * place a module declares its tables.
 */
export const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'account-email': ['email_tokens', 'email_send_limits'],
  audit: ['staff_audit_log'],
  auth: ['sessions', 'login_throttle'],
  captcha: ['captcha_used'],
  catalogue: ['games', 'game_providers', 'game_favourites', 'provider_restrictions', 'slides'],
  chains: ['sim_chain_txs', 'sim_chain_blocks'],
  chat: ['chat_messages', 'chat_ignores', 'chat_likes', 'chat_quizzes', 'chat_rate_limits', 'chat_slow_mode'],
  crash: ['crash_chains', 'crash_chain_checkpoints', 'crash_rounds', 'crash_bets'],
  currencies: ['currencies', 'currency_chains'],
  deposits: [
    'deposits',
    'deposit_addresses',
    'deposit_derivation_indexes',
    'deposit_notify_limits',
    'chain_scan_cursors',
  ],
  games: ['extended_rounds', 'game_stats'],
  ledger: ['ledger_accounts', 'ledger_transfers', 'ledger_postings'],
  mail: ['mail_outbox'],
  platform: ['settings', 'job_runs'],
  prices: ['price_quotes'],
  protection: [
    'player_protection',
    'protection_pending',
    'protection_history',
    'protection_usage',
    'protection_holds',
  ],
  race: ['race_weeks', 'race_wagers', 'race_payouts', 'race_progress'],
  seeds: ['seed_pairs'],
  sports: [
    'sport_categories',
    'sport_tournaments',
    'sport_competitors',
    'sport_events',
    'sport_markets',
    'sport_outcomes',
    'sport_odds_history',
    'sport_feed_messages',
    'sport_bets',
    'sport_bet_legs',
    'sport_bet_queue',
    'sport_liability',
    'sport_preferences',
  ],
  slots: ['slot_games', 'slot_sessions', 'slot_rounds', 'slot_transactions', 'slot_cancellations'],
  tips: ['chat_tips', 'chat_rains', 'chat_rain_recipients', 'bot_rain_days', 'bot_rain_slots'],
  'external-sports': ['xsport_sessions', 'xsport_bets', 'xsport_transactions'],
  'two-factor': ['two_factor_state'],
  users: ['users', 'roles', 'user_roles'],
  wagers: ['bets', 'wager_consumers'],
  'wallet-auth': ['wallet_nonces'],
  withdrawals: ['withdrawals'],
};
