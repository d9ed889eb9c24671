/** The bonus wheel's texts (keys under `wheelUi.`), English and German. The spec's texts are kept as written. */
import { FaucetMessages, WheelMessages } from '@nebula/contracts/constants';
import { addTranslations } from '../../lib/i18n';

export const wheelUiEn = {
  title: 'Bonus wheel',
  tickets_one: '{{count}} ticket',
  tickets_other: '{{count}} tickets',
  ticketsLabel: 'Tickets',
  spin: 'Spin',
  spinning: 'Spinning...',
  tooltip: WheelMessages.tooltip,
  activeBonus: WheelMessages.activeBonus,
  otherFailure: WheelMessages.otherFailure,
  won: 'You won {{value}} {{currency}}',
  wonNote: 'Credited as bonus money. Wager it to turn it into real money.',
  nothing: 'No prize this time.',
  prizes: 'Prizes and chances',
  chance: '{{percent}}%',
  capped: 'Your VIP level caps each prize at ${{max}}.',
  promocodes: 'Codes with spins',
  verify: 'Verify this spin',
  verifyNote: 'Drawn from your seed pair, nonce {{nonce}}. Rotate your seeds to reveal the server seed.',
  open: 'Open the bonus wheel',
  close: 'Close',
};

export const wheelUiDe: Record<keyof typeof wheelUiEn, string> = {
  title: 'Bonusrad',
  tickets_one: '{{count}} Ticket',
  tickets_other: '{{count}} Tickets',
  ticketsLabel: 'Tickets',
  spin: 'Drehen',
  spinning: 'Dreht...',
  tooltip:
    'Jeder Spieler erhält nach der Registrierung einen Dreh; weitere Drehs gibt es mit besonderen Promo-Codes.',
  activeBonus: 'Nutze zuerst deinen verfügbaren Einzahlungsbonus, bevor du das Rad drehst.',
  otherFailure: 'Du hast nicht genug Tickets, um das Rad zu drehen.',
  won: 'Du hast {{value}} {{currency}} gewonnen',
  wonNote: 'Als Bonusguthaben gutgeschrieben. Setze es um, damit es zu Echtgeld wird.',
  nothing: 'Diesmal kein Gewinn.',
  prizes: 'Gewinne und Chancen',
  chance: '{{percent}} %',
  capped: 'Deine VIP-Stufe begrenzt jeden Gewinn auf {{max}} $.',
  promocodes: 'Codes mit Drehs',
  verify: 'Diesen Dreh prüfen',
  verifyNote:
    'Aus deinem Seed-Paar gezogen, Nonce {{nonce}}. Wechsle deine Seeds, um den Server-Seed offenzulegen.',
  open: 'Bonusrad öffnen',
  close: 'Schließen',
};

/** The faucet's texts (keys under `faucetUi.`); the status texts are the spec's (spec 2 section 5). */
export const faucetUiEn = {
  title: 'Daily faucet',
  subtitle: 'A free reward every day for players who have made a deposit.',
  available: 'Available',
  in_seconds_one: 'Available in {{count}} second',
  in_seconds_other: 'Available in {{count}} seconds',
  in_minutes_one: 'Available in {{count}} minute',
  in_minutes_other: 'Available in {{count}} minutes',
  in_hours_one: 'Available in {{count}} hour',
  in_hours_other: 'Available in {{count}} hours',
  spinning: 'Spinning...',
  received: 'Received {{value}}',
  claim: 'Claim reward',
  notYet: FaucetMessages.notYet,
  depositRequired: FaucetMessages.depositRequired,
  failed: 'Something went wrong, Please try again.',
  deposit: 'Deposit',
  rules: {
    deposit: 'Make at least one deposit to unlock the faucet.',
    daily: 'Claim once every 24 hours.',
    vip: 'The higher your VIP level, the bigger the reward.',
  },
  vipLink: 'See VIP levels',
  last: 'Last reward',
  wheelTitle: 'Bonus wheel',
  wheelText: 'Spin for bonus money. Every player gets one spin after registration.',
  wheelOpen: 'Open the wheel',
};

export const faucetUiDe: {
  [K in keyof typeof faucetUiEn]: (typeof faucetUiEn)[K] extends string
    ? string
    : Record<keyof typeof faucetUiEn.rules, string>;
} = {
  title: 'Täglicher Faucet',
  subtitle: 'Jeden Tag eine Gratis-Belohnung für Spieler, die eingezahlt haben.',
  available: 'Verfügbar',
  in_seconds_one: 'Verfügbar in {{count}} Sekunde',
  in_seconds_other: 'Verfügbar in {{count}} Sekunden',
  in_minutes_one: 'Verfügbar in {{count}} Minute',
  in_minutes_other: 'Verfügbar in {{count}} Minuten',
  in_hours_one: 'Verfügbar in {{count}} Stunde',
  in_hours_other: 'Verfügbar in {{count}} Stunden',
  spinning: 'Dreht...',
  received: '{{value}} erhalten',
  claim: 'Belohnung abholen',
  notYet: 'Der Faucet ist noch nicht verfügbar. Komm morgen wieder.',
  depositRequired: 'Für den Faucet ist eine Einzahlung nötig. Zahle ein und komm zurück.',
  failed: 'Etwas ist schiefgelaufen, bitte versuche es erneut.',
  deposit: 'Einzahlen',
  rules: {
    deposit: 'Zahle mindestens einmal ein, um den Faucet freizuschalten.',
    daily: 'Einmal alle 24 Stunden abholen.',
    vip: 'Je höher deine VIP-Stufe, desto größer die Belohnung.',
  },
  vipLink: 'VIP-Stufen ansehen',
  last: 'Letzte Belohnung',
  wheelTitle: 'Bonusrad',
  wheelText: 'Dreh um Bonusguthaben. Jeder Spieler erhält nach der Registrierung einen Dreh.',
  wheelOpen: 'Rad öffnen',
};

addTranslations('en', { wheelUi: wheelUiEn, faucetUi: faucetUiEn });
addTranslations('de', { wheelUi: wheelUiDe, faucetUi: faucetUiDe });
