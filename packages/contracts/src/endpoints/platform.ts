import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';

/** An empty request body: unknown fields are refused. */
export const emptyRequest = z.object({}).strict();

export const pluginIds = [
  'sportsbook',
  'sportsbook_external',
  'poker',
  'trading',
  'race',
  'solo_currency',
  'support_chat',
] as const;
export const pluginIdSchema = z.enum(pluginIds);
export type PluginId = z.infer<typeof pluginIdSchema>;

export const licenseSchema = z.object({
  isValid: z.boolean(),
  enabledFeatures: z.array(z.object({ id: z.string() })),
  plugins: z.array(z.string()),
  pluginSettings: z.record(z.string(), z.record(z.string(), z.unknown())),
  siteName: z.string(),
  demo: z.boolean(),
});
export type License = z.infer<typeof licenseSchema>;

export const licenseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/license',
  request: emptyRequest,
  response: licenseSchema,
  policy: policy.public,
  summary: 'The operator licence: validity, enabled features, plugins and their settings.',
});

export const featureSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
});
export type Feature = z.infer<typeof featureSchema>;

export const featuresEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/features',
  request: emptyRequest,
  response: z.object({ features: z.array(featureSchema), plugins: z.array(featureSchema) }),
  policy: policy.public,
  summary: 'Every feature and plugin the platform knows, with its on/off state.',
});

/** Decimal string of an amount in the currency's display unit (never a float). */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const currencySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  style: z.string(),
  decimals: z.number().int().min(0).max(18),
  price: z.number().nonnegative(),
  priceEur: z.number().nonnegative(),
  balance: z.object({ real: decimalStringSchema, demo: decimalStringSchema }),
  walletId: z.string().nullable(),
  chains: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Currency = z.infer<typeof currencySchema>;

export const currenciesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/currencies',
  request: emptyRequest,
  response: z.record(z.string(), currencySchema),
  policy: policy.public,
  summary: 'Currencies keyed by id, with prices and (for a signed-in player) balances.',
});

export const healthSchema = z.object({ status: z.literal('ok') });
