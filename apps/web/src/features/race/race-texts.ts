/** The weekly race's texts (keys under `raceUi.`), English and German. */
import { addTranslations } from '../../lib/i18n';

export const raceUiEn = {
  title: 'Weekly race',
  subtitle:
    'Every real wager counts. The top 20 players share the prize pool when the week ends (Sunday midnight UTC).',
  endsIn: 'Ends in',
  ended: 'This week’s race has ended',
  days: 'Days',
  hours: 'Hrs',
  minutes: 'Min',
  seconds: 'Sec',
  prizePool: 'Prize pool',
  standings: 'Standings',
  place: 'Place',
  player: 'Player',
  wagered: 'Wagered',
  prize: 'Prize',
  share: 'Share',
  you: 'You',
  yourPlace: 'Your place',
  notRanked: 'Not ranked yet',
  noEntries: 'No wagers yet this week',
  noEntriesText: 'Place a real bet to be the first on the leaderboard.',
  unavailable: 'The race is not running right now.',
  hidden: 'Hidden',
  viewAll: 'Full leaderboard',
  top: 'Top players',
};

export const raceUiDe: typeof raceUiEn = {
  title: 'Wöchentliches Rennen',
  subtitle:
    'Jeder echte Einsatz zählt. Die Top 20 teilen sich den Preispool zum Wochenende (Sonntag Mitternacht UTC).',
  endsIn: 'Endet in',
  ended: 'Das Rennen dieser Woche ist beendet',
  days: 'Tage',
  hours: 'Std',
  minutes: 'Min',
  seconds: 'Sek',
  prizePool: 'Preispool',
  standings: 'Rangliste',
  place: 'Platz',
  player: 'Spieler',
  wagered: 'Eingesetzt',
  prize: 'Preis',
  share: 'Anteil',
  you: 'Du',
  yourPlace: 'Dein Platz',
  notRanked: 'Noch nicht platziert',
  noEntries: 'Diese Woche noch keine Einsätze',
  noEntriesText: 'Platziere eine echte Wette, um als Erster auf der Rangliste zu stehen.',
  unavailable: 'Das Rennen läuft gerade nicht.',
  hidden: 'Verborgen',
  viewAll: 'Ganze Rangliste',
  top: 'Top-Spieler',
};

addTranslations('en', { raceUi: raceUiEn });
addTranslations('de', { raceUi: raceUiDe });
