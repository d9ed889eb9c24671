/** Texts of the back office's games screen (keys `adminGames.`). */
import { addTranslations, type Translation } from '../../lib/i18n';

export const adminGamesEn = {
  adminGames: {
    title: 'Games',
    intro:
      'Every in-house game: switch it off, set its house edge, and compare the RTP it measured over real bets with the one configured. A change applies to the next bet.',
    search: 'Search games',
    kinds: { all: 'All', single: 'Single round', extended: 'Extended', crash: 'Crash' },
    columns: {
      game: 'Game',
      kind: 'Kind',
      status: 'Status',
      edge: 'House edge',
      rtp: 'RTP configured / measured',
      bets: 'Bets',
      wagered: 'Wagered',
      ggr: 'GGR',
    },
    on: 'On',
    off: 'Off',
    switchOn: 'Switch {{name}} on',
    switchOff: 'Switch {{name}} off',
    edgeLabel: 'House edge of {{name}} in percent',
    save: 'Save',
    reset: 'Default',
    defaultEdge: 'Default {{edge}}%',
    saved: '{{name}} updated',
    noBets: 'No real bets yet',
    allOff: 'Every in-house game is switched off (setting games.disabled).',
    limits: 'Max bet {{bet}} EUR · max profit {{profit}} USD per bet',
    limitsLink: 'Edit limits in Settings',
    totals: { wagered: 'Wagered (USD)', ggr: 'GGR (USD)', bets: 'Real bets', enabled: 'Games on' },
    export: 'Export CSV',
    loadFailed: 'The games could not be loaded.',
    noMatch: 'No game matches this search',
    edgeRange: 'Between 0 and {{max}}%, up to two decimals.',
  },
};

export const adminGamesDe: Translation<typeof adminGamesEn> = {
  adminGames: {
    title: 'Spiele',
    intro:
      'Jedes hauseigene Spiel: abschalten, Hausvorteil festlegen und die über echte Einsätze gemessene RTP mit der eingestellten vergleichen. Eine Änderung gilt ab der nächsten Wette.',
    search: 'Spiele suchen',
    kinds: { all: 'Alle', single: 'Eine Runde', extended: 'Erweitert', crash: 'Crash' },
    columns: {
      game: 'Spiel',
      kind: 'Art',
      status: 'Status',
      edge: 'Hausvorteil',
      rtp: 'RTP eingestellt / gemessen',
      bets: 'Wetten',
      wagered: 'Eingesetzt',
      ggr: 'GGR',
    },
    on: 'An',
    off: 'Aus',
    switchOn: '{{name}} einschalten',
    switchOff: '{{name}} ausschalten',
    edgeLabel: 'Hausvorteil von {{name}} in Prozent',
    save: 'Speichern',
    reset: 'Standard',
    defaultEdge: 'Standard {{edge}} %',
    saved: '{{name}} aktualisiert',
    noBets: 'Noch keine echten Wetten',
    allOff: 'Alle hauseigenen Spiele sind abgeschaltet (Einstellung games.disabled).',
    limits: 'Höchsteinsatz {{bet}} EUR · Höchstgewinn {{profit}} USD pro Wette',
    limitsLink: 'Limits in den Einstellungen ändern',
    totals: { wagered: 'Eingesetzt (USD)', ggr: 'GGR (USD)', bets: 'Echte Wetten', enabled: 'Spiele an' },
    export: 'CSV exportieren',
    loadFailed: 'Die Spiele konnten nicht geladen werden.',
    noMatch: 'Kein Spiel passt zu dieser Suche',
    edgeRange: 'Zwischen 0 und {{max}} %, höchstens zwei Nachkommastellen.',
  },
};

addTranslations('en', adminGamesEn);
addTranslations('de', adminGamesDe);
