import { ChainRegistry } from '../../src/modules/chains/index.js';
import { DEV_DEPOSIT_XPUBS } from '../../src/modules/deposits/index.js';

/** The registry over the development keys, no database needed for addresses. */
export const devRegistry = new ChainRegistry({
  database: undefined as never,
  config: { xpubs: { ...DEV_DEPOSIT_XPUBS }, chainMode: 'simulated', evmRpcUrls: {} },
});

/** The development deposit address `i` of `chain`. */
export const derive = (chain: string, i: number) => {
  const c = devRegistry.get(chain);
  if (!c) throw new Error(`no chain ${chain}`);
  return c.deriveAddress(i);
};
