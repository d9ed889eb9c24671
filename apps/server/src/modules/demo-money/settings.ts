/** Demo money's operator setting (the settings registry, platform/settings). */
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

export const demoBalanceUsd = defineSetting(
  'demo_money.balance_usd',
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount such as 1000 or 250.50')
    .refine((v) => /[1-9]/.test(v), 'must be more than 0'),
  '1000',
  'demo-money',
  'The USD value a demo top-up fills a demo balance up to (converted with the currency price, rounded down).',
);

/** The demo-money module's settings (its definition's `settings`). */
export const demoMoneySettings: readonly Setting[] = [demoBalanceUsd];
