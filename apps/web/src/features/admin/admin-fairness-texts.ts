/** Texts of the back office's fairness screen (keys `adminFairness.`). */
import { addTranslations, type Translation } from '../../lib/i18n';

export const adminFairnessEn = {
  title: 'Fairness',
  intro:
    'Answer a player’s fairness question: look a bet up by its id to see its seeds and nonce and its outcome recomputed with the games’ own math, and follow the crash hash chains.',
  lookup: {
    title: 'Bet lookup',
    label: 'Bet id',
    placeholder: 'e.g. 1024',
    submit: 'Look up',
    notFound: 'No bet with this id.',
    failed: 'The bet could not be loaded.',
  },
  status: {
    verified: 'Verified',
    mismatch: 'Mismatch',
    secret: 'Seed not revealed',
    replay: 'Replay in the verifier',
  },
  statusText: {
    verified: 'Recomputed from the revealed seeds: the same multiplier as stored.',
    mismatch: 'Recomputed from the revealed seeds: NOT the multiplier stored. Escalate.',
    secret:
      'The server seed is still secret: the player reveals it by changing the client seed (rotating the pair). The nonce is shown already.',
    replay:
      'An extended game (decisions between stakes): replay its decisions on the fairness page’s verifier.',
  },
  fields: {
    game: 'Game',
    player: 'Player',
    wager: 'Wager',
    payout: 'Payout',
    stored: 'Stored multiplier',
    recomputed: 'Recomputed multiplier',
    serverSeed: 'Server seed',
    serverSeedHash: 'Server seed hash (commitment)',
    hashMatches: 'Hash of the seed matches',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    edge: 'House edge',
    params: 'Bet parameters',
    placed: 'Placed',
    hidden: 'not revealed yet',
    yes: 'yes',
    no: 'NO',
  },
  chains: {
    title: 'Crash hash chains',
    remaining: '{{games}} games left in all published chains',
    id: 'Chain',
    state: 'State',
    states: { playing: 'Playing', next: 'Next', finished: 'Finished' },
    commitment: 'Terminating hash',
    played: 'Played',
    left: 'Left',
    salt: 'Salt',
    noSalt: 'not fixed yet',
    published: 'Published',
    empty: 'No chain published yet',
    loadFailed: 'The chains could not be loaded.',
  },
};

export const adminFairnessDe: Translation<typeof adminFairnessEn> = {
  title: 'Fairness',
  intro:
    'Fairness-Fragen von Spielern beantworten: eine Wette per Id nachschlagen, ihre Seeds und Nonce sehen und das Ergebnis mit der Mathematik der Spiele neu berechnen, und die Crash-Hash-Ketten verfolgen.',
  lookup: {
    title: 'Wette nachschlagen',
    label: 'Wett-Id',
    placeholder: 'z. B. 1024',
    submit: 'Nachschlagen',
    notFound: 'Keine Wette mit dieser Id.',
    failed: 'Die Wette konnte nicht geladen werden.',
  },
  status: {
    verified: 'Bestätigt',
    mismatch: 'Abweichung',
    secret: 'Seed nicht offengelegt',
    replay: 'Im Verifizierer nachspielen',
  },
  statusText: {
    verified: 'Aus den offengelegten Seeds neu berechnet: derselbe Multiplikator wie gespeichert.',
    mismatch: 'Aus den offengelegten Seeds neu berechnet: NICHT der gespeicherte Multiplikator. Eskalieren.',
    secret:
      'Der Server-Seed ist noch geheim: Der Spieler legt ihn offen, indem er den Client-Seed ändert. Die Nonce ist schon sichtbar.',
    replay:
      'Ein erweitertes Spiel (Entscheidungen zwischen Einsätzen): im Verifizierer der Fairness-Seite nachspielen.',
  },
  fields: {
    game: 'Spiel',
    player: 'Spieler',
    wager: 'Einsatz',
    payout: 'Auszahlung',
    stored: 'Gespeicherter Multiplikator',
    recomputed: 'Neu berechneter Multiplikator',
    serverSeed: 'Server-Seed',
    serverSeedHash: 'Server-Seed-Hash (Verpflichtung)',
    hashMatches: 'Hash des Seeds stimmt',
    clientSeed: 'Client-Seed',
    nonce: 'Nonce',
    edge: 'Hausvorteil',
    params: 'Wettparameter',
    placed: 'Platziert',
    hidden: 'noch nicht offengelegt',
    yes: 'ja',
    no: 'NEIN',
  },
  chains: {
    title: 'Crash-Hash-Ketten',
    remaining: '{{games}} Spiele übrig in allen veröffentlichten Ketten',
    id: 'Kette',
    state: 'Status',
    states: { playing: 'Läuft', next: 'Als Nächstes', finished: 'Beendet' },
    commitment: 'End-Hash',
    played: 'Gespielt',
    left: 'Übrig',
    salt: 'Salt',
    noSalt: 'noch nicht fest',
    published: 'Veröffentlicht',
    empty: 'Noch keine Kette veröffentlicht',
    loadFailed: 'Die Ketten konnten nicht geladen werden.',
  },
};

addTranslations('en', { adminFairness: adminFairnessEn });
addTranslations('de', { adminFairness: adminFairnessDe });
