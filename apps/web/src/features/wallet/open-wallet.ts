/**
 * The `open-wallet` app event ({tab?}) opens the wallet modal from anywhere. Tiny and eager; the
 * modal and its texts load on first use (their own chunk).
 */
import { events } from '../../lib/events';

export type WalletTab = 'deposit' | 'withdraw' | 'promocode' | 'history';

export function toWalletTab(tab: string | undefined): WalletTab {
  return tab === 'withdraw' || tab === 'promocode' || tab === 'history' ? tab : 'deposit';
}

/** Loads the modal's chunk (also used to warm it up when the pointer nears the Wallet button). */
export const loadWalletModal = () => import('./wallet-modal');

let unregister: (() => void) | null = null;

/** Starts listening once (idempotent); returns the function that stops it (tests). */
export function registerOpenWallet(): () => void {
  if (unregister) return unregister;
  const off = events.on('open-wallet', (payload) => {
    void loadWalletModal().then(({ openWalletModal }) => openWalletModal(toWalletTab(payload?.tab)));
  });
  unregister = () => {
    off();
    unregister = null;
  };
  return unregister;
}

registerOpenWallet();
