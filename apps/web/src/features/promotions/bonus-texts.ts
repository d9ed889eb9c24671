/** The bonus money screens' texts (keys under `bonusUi.`), English and German. */
import { addTranslations } from '../../lib/i18n';

export const bonusUiEn = {
  yourBonuses: 'Your bonuses',
  noBonuses: 'No active bonus. Opt in to a deposit bonus before your next deposit.',
  left: 'Bonus balance',
  credited: 'Credited {{amount}} {{currency}}',
  wagering: 'Wagering',
  wageringOf: '{{done}} / {{required}} {{currency}}',
  expires: 'Expires {{date}}',
  cancel: 'Cancel bonus',
  cancelTitle: 'Cancel this bonus?',
  cancelConfirm:
    "Are you sure? You won't be able to get this bonus again unless the promotion states otherwise.",
  cancelYes: 'Yes, cancel it',
  cancelNo: 'Keep my bonus',
  cancelled: 'The bonus was cancelled.',
  failed: 'Something went wrong, Please try again.',
  login: 'Please login to your account.',
  offerTag: 'Deposit bonus',
  upTo: 'up to ${{max}}',
  percent: '{{percent}}%',
  wager: 'Wager x{{multiplier}}',
  minDeposit: 'Min. deposit ${{amount}}',
  days: '{{days}} days',
  optIn: 'Opt in',
  optedIn: 'You are in: your next deposit of at least ${{amount}} gets the bonus.',
  deposit: 'Deposit',
  getBonus: 'Get bonus',
  rules: 'Bonus rules',
  rulesTitle: 'Bonus rules',
  noOffer: 'No deposit bonus is open to you right now.',
  rule: {
    optIn: 'A deposit bonus requires opt-in before the deposit.',
    amount:
      'The bonus is {{percent}}% of your first qualifying deposit after opting in, up to ${{max}}; the deposit must be worth at least ${{min}}.',
    wager:
      'Wager x{{multiplier}} the bonus within {{days}} days: what is left of it then becomes real money. Otherwise it is forfeited.',
    order:
      'One-round originals (dice, limbo, plinko...) take your real balance first, then your bonus balance; what the bonus part wins goes back to the bonus balance. Crash, multi-step games, sports and provider games use real money only. Every bet in a game that counts adds to the wagering, whichever balance paid it.',
    excluded:
      'Bonus balance is not accepted in live games, poker, futures or card games, and bets there do not count toward wagering.',
    reset:
      'The wager requirement resets if the bonus balance falls below $10: the bonus ends and what is left of it is forfeited.',
    withdraw:
      'Bonus money cannot be withdrawn, and withdrawals wait until the bonus is wagered or cancelled.',
    once: 'One bonus per person: cancelling forfeits what is left, and the bonus cannot be taken again.',
  },
};

const bonusUiDe: typeof bonusUiEn = {
  yourBonuses: 'Deine Boni',
  noBonuses: 'Kein aktiver Bonus. Melde dich vor deiner nächsten Einzahlung für einen Einzahlungsbonus an.',
  left: 'Bonusguthaben',
  credited: 'Gutgeschrieben {{amount}} {{currency}}',
  wagering: 'Umsatz',
  wageringOf: '{{done}} / {{required}} {{currency}}',
  expires: 'Läuft ab am {{date}}',
  cancel: 'Bonus stornieren',
  cancelTitle: 'Diesen Bonus stornieren?',
  cancelConfirm:
    'Bist du sicher? Du kannst diesen Bonus nicht erneut erhalten, sofern die Aktion nichts anderes vorsieht.',
  cancelYes: 'Ja, stornieren',
  cancelNo: 'Bonus behalten',
  cancelled: 'Der Bonus wurde storniert.',
  failed: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
  login: 'Bitte melde dich bei deinem Konto an.',
  offerTag: 'Einzahlungsbonus',
  upTo: 'bis zu ${{max}}',
  percent: '{{percent}} %',
  wager: 'Umsatz x{{multiplier}}',
  minDeposit: 'Mindesteinzahlung ${{amount}}',
  days: '{{days}} Tage',
  optIn: 'Teilnehmen',
  optedIn: 'Du bist dabei: deine nächste Einzahlung ab ${{amount}} erhält den Bonus.',
  deposit: 'Einzahlen',
  getBonus: 'Bonus holen',
  rules: 'Bonusregeln',
  rulesTitle: 'Bonusregeln',
  noOffer: 'Derzeit steht dir kein Einzahlungsbonus offen.',
  rule: {
    optIn: 'Ein Einzahlungsbonus erfordert die Teilnahme vor der Einzahlung.',
    amount:
      'Der Bonus beträgt {{percent}} % deiner ersten qualifizierenden Einzahlung nach der Teilnahme, bis zu ${{max}}; die Einzahlung muss mindestens ${{min}} wert sein.',
    wager:
      'Setze den Bonus {{multiplier}}-mal innerhalb von {{days}} Tagen um: der Rest wird dann zu Echtgeld. Sonst verfällt er.',
    order:
      'Originals mit einer Runde (Dice, Limbo, Plinko...) nehmen zuerst dein Echtgeld, dann dein Bonusguthaben; was der Bonusanteil gewinnt, geht an das Bonusguthaben zurück. Crash, mehrstufige Spiele, Sportwetten und Anbieterspiele nutzen nur Echtgeld. Jeder Einsatz in einem zählenden Spiel erhöht den Umsatz, egal welches Guthaben ihn bezahlt hat.',
    excluded:
      'Bonusguthaben wird bei Live-Spielen, Poker, Futures und Kartenspielen nicht akzeptiert; Einsätze dort zählen nicht zum Umsatz.',
    reset:
      'Die Umsatzbedingung wird zurückgesetzt, wenn das Bonusguthaben unter $10 fällt: der Bonus endet und der Rest verfällt.',
    withdraw:
      'Bonusgeld kann nicht ausgezahlt werden; Auszahlungen warten, bis der Bonus umgesetzt oder storniert ist.',
    once: 'Ein Bonus pro Person: eine Stornierung lässt den Rest verfallen, der Bonus kann nicht erneut genommen werden.',
  },
};

addTranslations('en', { bonusUi: bonusUiEn });
addTranslations('de', { bonusUi: bonusUiDe });
