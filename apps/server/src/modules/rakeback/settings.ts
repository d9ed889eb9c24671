/**
 * The rakeback programme's operator settings (settings registry, decision 0016). The rate of each VIP
 * level is the VIP table's `rakebackPercent` (`vip.levels`, modules/vip): one source.
 *
 * - `rakeback.assumed_edge_bps`: the house edge (basis points) assumed for the stakes of a product
 *   whose wager record carries none and has no sportsbook margin to read (third-party slots and the
 *   external sportsbook record 0). A product not listed accrues nothing: rakeback is never stake x
 *   rate, which a low-edge game would turn into free money.
 * - `rakeback.excluded`: products and game ids whose stakes accrue nothing.
 */
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

export const DEFAULT_ASSUMED_EDGE_BPS: Record<string, number> = { slots: 300, 'external-sports': 500 };

export const assumedEdgeSetting = defineSetting(
  'rakeback.assumed_edge_bps',
  z.record(z.string().regex(/^[a-z0-9_-]{1,40}$/), z.number().int().min(0).max(2_000)),
  DEFAULT_ASSUMED_EDGE_BPS,
  'rakeback',
  'House edge in basis points (300 = 3%) assumed for rakeback on the stakes of products whose wager records carry no edge (third-party slots, the external sportsbook); a product not listed accrues no rakeback.',
  { permission: 'vip' },
);

export const rakebackExcludedSetting = defineSetting(
  'rakeback.excluded',
  z.array(z.string().regex(/^[a-z0-9_:-]{1,64}$/)).max(500),
  [],
  'rakeback',
  'Products (e.g. sports) and game ids (e.g. dice) whose stakes accrue no rakeback.',
  { permission: 'vip' },
);

export const rakebackSettings: readonly Setting[] = [assumedEdgeSetting, rakebackExcludedSetting];
