/**
 * The tip and rain modals' texts (keys under `tipsUi.`), English and German. The server's texts of
 * spec 3 section 5 ('Invalid username', 'Invalid amount', 'Invalid users length') are kept word for
 * word in English; tips-texts.test.ts checks them against the contracts. Loaded with the modals.
 */
import { addTranslations } from '../../lib/i18n';

export const tipsUiEn = {
  tip: {
    title: 'Tip a player',
    recipient: 'Player',
    recipientPlaceholder: 'Login name',
    amount: 'Amount',
    currency: 'Currency',
    balance: 'Balance',
    minimum: 'Minimum tip: {{amount}} {{currency}}',
    public: 'Announce it in the chat',
    review: 'Review tip',
    reviewTitle: 'Check your tip',
    youSend: 'You send',
    to: 'To',
    from: 'From your balance',
    announced: 'Shown in the chat',
    private: 'Private (no chat message)',
    confirm: 'Send {{amount}} {{currency}}',
    back: 'Edit',
    doneTitle: 'Tip sent',
    doneText: '{{name}} received {{amount}} {{currency}}.',
    again: 'Send another tip',
    close: 'Done',
    irreversible: 'Tips cannot be undone. Check the name before you confirm.',
  },
  rain: {
    title: 'Make it rain',
    intro: 'Share an amount equally with active players in this chat.',
    amount: 'Total amount',
    users: 'Players',
    usersHint: '1 to {{max}} players',
    onlyEligible_one: 'Only {{count}} player can catch it right now.',
    onlyEligible_other: 'Only {{count}} players can catch it right now.',
    fewer: 'Fewer players',
    more: 'More players',
    each: 'Each player gets',
    youPay: 'You pay',
    remainder: '{{amount}} {{currency}} left over by the split stays with you.',
    submit: 'Make it rain',
    rulesTitle: 'Who catches the rain',
    rules:
      'Players who wrote in this chat in the last {{minutes}} minutes and wagered at least ${{wager}} in the last {{days}} days, or made a deposit in the last {{hours}} hours. Muted players and you are left out; the players are drawn at random.',
    eligible_zero: 'Nobody in this chat can catch a rain right now.',
    eligible_one: '{{count}} player in this chat can catch it right now.',
    eligible_other: '{{count}} players in this chat can catch it right now.',
    youQualify: 'You can catch rains too.',
    youDoNot: 'You do not meet the rules to catch rains yet.',
    bot: 'The casino also makes it rain {{min}} to {{max}} times a day on {{recipientsMin}} to {{recipientsMax}} players with a deposit in the last {{hours}} hours.',
    shareMinimum: 'Each player must get at least {{amount}} {{currency}}.',
    doneTitle: 'It is raining!',
    doneText_one: '{{count}} player got {{share}} {{currency}}:',
    doneText_other: '{{count}} players got {{share}} {{currency}} each:',
    close: 'Done',
  },
  twoFactor: {
    label: 'Two-factor code',
    hint: 'The 6-digit code from your authenticator app.',
    invalid: 'Enter the 6 digits of your code.',
  },
  max: 'MAX',
  signIn: 'Sign in to tip and make it rain.',
  errors: {
    invalidUsername: 'Invalid username',
    invalidAmount: 'Invalid amount',
    invalidUsersLength: 'Invalid users length',
    notEnoughMoney: 'Not enough money',
    self: 'You cannot tip yourself.',
    notEnoughUsers: 'Not enough eligible players in this chat for that many users.',
    rateLimited: 'Too many tips and rains. Try again in a minute.',
    muted: 'You cannot tip or rain while your chat is muted.',
    unknownCurrency: 'Unknown currency.',
    conflict: 'This request was already made with different details.',
    nameEmpty: 'Enter the player’s name.',
    amountEmpty: 'Enter an amount.',
    generic: 'Something went wrong. Please try again.',
  },
};

type Texts = typeof tipsUiEn;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const tipsUiDe: DeepStrings<Texts> = {
  tip: {
    title: 'Trinkgeld geben',
    recipient: 'Spieler',
    recipientPlaceholder: 'Login-Name',
    amount: 'Betrag',
    currency: 'Währung',
    balance: 'Guthaben',
    minimum: 'Mindestbetrag: {{amount}} {{currency}}',
    public: 'Im Chat ankündigen',
    review: 'Trinkgeld prüfen',
    reviewTitle: 'Trinkgeld prüfen',
    youSend: 'Du sendest',
    to: 'An',
    from: 'Von deinem Guthaben',
    announced: 'Im Chat sichtbar',
    private: 'Privat (keine Chat-Nachricht)',
    confirm: '{{amount}} {{currency}} senden',
    back: 'Bearbeiten',
    doneTitle: 'Trinkgeld gesendet',
    doneText: '{{name}} hat {{amount}} {{currency}} erhalten.',
    again: 'Weiteres Trinkgeld',
    close: 'Fertig',
    irreversible: 'Trinkgeld kann nicht zurückgebucht werden. Prüfe den Namen, bevor du bestätigst.',
  },
  rain: {
    title: 'Regen starten',
    intro: 'Verteile einen Betrag gleichmäßig an aktive Spieler in diesem Chat.',
    amount: 'Gesamtbetrag',
    users: 'Spieler',
    usersHint: '1 bis {{max}} Spieler',
    onlyEligible_one: 'Gerade kann nur {{count}} Spieler ihn bekommen.',
    onlyEligible_other: 'Gerade können nur {{count}} Spieler ihn bekommen.',
    fewer: 'Weniger Spieler',
    more: 'Mehr Spieler',
    each: 'Jeder Spieler erhält',
    youPay: 'Du zahlst',
    remainder: '{{amount}} {{currency}} Rest der Teilung bleiben bei dir.',
    submit: 'Regen starten',
    rulesTitle: 'Wer den Regen bekommt',
    rules:
      'Spieler, die in den letzten {{minutes}} Minuten in diesem Chat geschrieben und in den letzten {{days}} Tagen mindestens ${{wager}} gesetzt oder in den letzten {{hours}} Stunden eingezahlt haben. Stummgeschaltete Spieler und du selbst sind ausgenommen; die Spieler werden zufällig gezogen.',
    eligible_zero: 'Gerade kann niemand in diesem Chat Regen bekommen.',
    eligible_one: '{{count}} Spieler in diesem Chat kann ihn gerade bekommen.',
    eligible_other: '{{count}} Spieler in diesem Chat können ihn gerade bekommen.',
    youQualify: 'Du kannst auch Regen bekommen.',
    youDoNot: 'Du erfüllst die Regeln für Regen noch nicht.',
    bot: 'Das Casino lässt es außerdem {{min}}- bis {{max}}-mal am Tag auf {{recipientsMin}} bis {{recipientsMax}} Spieler regnen, die in den letzten {{hours}} Stunden eingezahlt haben.',
    shareMinimum: 'Jeder Spieler muss mindestens {{amount}} {{currency}} erhalten.',
    doneTitle: 'Es regnet!',
    doneText_one: '{{count}} Spieler hat {{share}} {{currency}} erhalten:',
    doneText_other: '{{count}} Spieler haben je {{share}} {{currency}} erhalten:',
    close: 'Fertig',
  },
  twoFactor: {
    label: 'Zwei-Faktor-Code',
    hint: 'Der 6-stellige Code aus deiner Authenticator-App.',
    invalid: 'Gib die 6 Ziffern deines Codes ein.',
  },
  max: 'MAX',
  signIn: 'Melde dich an, um Trinkgeld zu geben und es regnen zu lassen.',
  errors: {
    invalidUsername: 'Ungültiger Benutzername',
    invalidAmount: 'Ungültiger Betrag',
    invalidUsersLength: 'Ungültige Anzahl an Spielern',
    notEnoughMoney: 'Nicht genug Guthaben',
    self: 'Du kannst dir selbst kein Trinkgeld geben.',
    notEnoughUsers: 'Nicht genug berechtigte Spieler in diesem Chat für so viele Spieler.',
    rateLimited: 'Zu viele Trinkgelder und Regen. Versuche es in einer Minute erneut.',
    muted:
      'Solange du im Chat stummgeschaltet bist, kannst du kein Trinkgeld geben und keinen Regen starten.',
    unknownCurrency: 'Unbekannte Währung.',
    conflict: 'Diese Anfrage wurde bereits mit anderen Angaben gestellt.',
    nameEmpty: 'Gib den Namen des Spielers ein.',
    amountEmpty: 'Gib einen Betrag ein.',
    generic: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
  },
};

let registered = false;

export function registerTipsTexts(): void {
  if (registered) return;
  registered = true;
  addTranslations('en', { tipsUi: tipsUiEn });
  addTranslations('de', { tipsUi: tipsUiDe });
}
