/**
 * The aggregator's environment keys: its API address and the merchant's id and key. Without an address
 * a development or test server uses the local aggregator the platform serves itself (modules/
 * local-aggregator, signed with a key derived from SECRET_KEY); a production server then has no
 * third-party games.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export type AggregatorConfig =
  | { kind: 'remote'; url: string; merchantId: string; merchantKey: string }
  | { kind: 'local'; merchantId: string; merchantKey: string }
  | { kind: 'none' };

export const slotsEnv = defineEnv(
  {
    SLOTS_AGGREGATOR_URL: z.url().optional(),
    SLOTS_MERCHANT_ID: z.string().min(1).max(200).optional(),
    SLOTS_MERCHANT_KEY: z.string().min(8).max(500).optional(),
  },
  (e, info, problems): AggregatorConfig => {
    if (e.SLOTS_AGGREGATOR_URL) {
      if (!e.SLOTS_MERCHANT_ID || !e.SLOTS_MERCHANT_KEY) {
        problems.push('SLOTS_MERCHANT_ID, SLOTS_MERCHANT_KEY: required with SLOTS_AGGREGATOR_URL');
        return { kind: 'none' };
      }
      return {
        kind: 'remote',
        url: e.SLOTS_AGGREGATOR_URL.replace(/\/$/, ''),
        merchantId: e.SLOTS_MERCHANT_ID,
        merchantKey: e.SLOTS_MERCHANT_KEY,
      };
    }
    if (info.isProduction) return { kind: 'none' };
    return {
      kind: 'local',
      merchantId: e.SLOTS_MERCHANT_ID ?? 'nebula-local',
      merchantKey:
        e.SLOTS_MERCHANT_KEY ??
        createHmac('sha256', info.secretKey).update('slots.local-aggregator').digest('hex'),
    };
  },
);
