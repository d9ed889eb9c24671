/**
 * The bets feature's public face: `openBetOverview(betId)` opens the bet overview popup (spec 2) from
 * anywhere (game history, live feed, share links). The popup and its texts load on first use.
 */

/** Options of {@link openBetOverview}. */
export interface OpenBetOverviewOptions {
  /**
   * Called once the popup closed, however it was closed; `navigated` is true when the player followed
   * its verify link (the page is changing, so the caller should leave the URL alone).
   */
  onClose?: (info: { navigated: boolean }) => void;
}

/** Opens (or replaces) the bet overview popup of `betId` (a decimal bet id). */
export function openBetOverview(betId: string, options: OpenBetOverviewOptions = {}): void {
  void import('./bet-overview').then(({ openBetOverviewPopup }) => openBetOverviewPopup(betId, options));
}
