/**
 * Development demo codes (seeded when demo data is wanted; never overwrites a stored code) and banners.
 */
import { parseAmount } from '@nebula/money';
import type { Database } from '../../db/client.js';
import { currencyDecimals } from '../currencies/index.js';
import { seedDemoBanners } from './settings.js';

export const DEMO_PROMOCODES = [
  {
    code: 'WELCOME10',
    description: '10 USDT of real money for new players.',
    type: 'real',
    currency: 'usdt',
    value: '10',
    public: true,
  },
  {
    code: 'BONUS50',
    description: '50 USDT of bonus money: wager it 10 times within 30 days and it becomes real money.',
    type: 'bonus',
    currency: 'usdt',
    value: '50',
    multiplier: 10,
    public: true,
  },
  {
    code: 'SPORT5',
    description: '5 USDT for your first bet slip.',
    type: 'real',
    currency: 'usdt',
    value: '5',
    public: true,
  },
  {
    code: 'VIP100',
    description: '100 USDT of bonus money for VIP level 3 and above (wagering x20).',
    type: 'bonus',
    currency: 'usdt',
    value: '100',
    multiplier: 20,
    vipLevel: 3,
    public: true,
  },
  {
    code: 'FRIENDS',
    description: '2 USDT for players who joined with an invite code.',
    type: 'real',
    currency: 'usdt',
    value: '2',
    affiliation: 'referred',
    public: false,
  },
  {
    code: 'FIRST100',
    description: '1 USDT for the first 100 players.',
    type: 'real',
    currency: 'usdt',
    value: '1',
    maxUses: 100,
    public: true,
  },
  {
    code: 'SPIN3',
    description: '3 spins of the bonus wheel.',
    type: 'tickets',
    currency: 'usdt',
    value: '0',
    tickets: 3,
    public: true,
  },
] as const;

export async function seedDemoPromocodes(database: Database): Promise<void> {
  const decimals = await currencyDecimals(
    database,
    DEMO_PROMOCODES.map((c) => c.currency),
  );
  for (const c of DEMO_PROMOCODES) {
    const places = decimals.get(c.currency);
    if (places === undefined) continue;
    await database.query(
      `insert into promocodes (code, description, type, currency, amount, multiplier, max_uses, min_vip_level,
         affiliation, public, tickets)
       values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9, $10, $11::int)
       on conflict ((lower(code))) do nothing`,
      [
        c.code,
        c.description,
        c.type,
        c.currency,
        parseAmount(c.value, places).toString(),
        'multiplier' in c ? c.multiplier : 0,
        'maxUses' in c ? c.maxUses : null,
        'vipLevel' in c ? c.vipLevel : 0,
        'affiliation' in c ? c.affiliation : 'any',
        c.public,
        'tickets' in c ? c.tickets : null,
      ],
    );
  }
  await seedDemoBanners(database);
}
