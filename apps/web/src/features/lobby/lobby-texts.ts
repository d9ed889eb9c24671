/**
 * The lobby's texts (keys under `lobbyUi.`), English and German; they load with the lobby chunk.
 */
import { addTranslations } from '../../lib/i18n';

export const lobbyUiEn = {
  favourite: 'Favourite',
  favouriteOn: 'In favourites',
  favouriteAdd: 'Add {{name}} to favourites',
  favouriteRemove: 'Remove {{name}} from favourites',
  favouriteFailed: 'Your favourites could not be updated ({{name}}). Please try again.',
  favourites: 'Favourites',
  favouritesEmpty: 'No favourites yet',
  favouritesEmptyText: 'Tap the heart on any game to keep it here.',
  favouritesGuest: 'Sign in to keep your favourite games in one place.',
  signIn: 'Sign in',
  futuresTitle: 'Futures trading',
  futuresText: 'Up to 1000x on crypto tickers',
  blocked: 'Not available in your region',
  blockedShort: 'Blocked',
  preview: 'Preview',
  recentlyPlayed: 'Recently played',
  latestWins: 'Latest wins',
  simulated: 'Simulated',
  simulatedHint: 'Demo mode: an invented win to show how the ticker looks. No real bet.',
  games_one: '{{count}} game',
  games_other: '{{count}} games',
  noGames: 'No games here yet',
  noGamesText: 'Check back soon: new games are added every week.',
  loadFailed: 'The games could not be loaded.',
  loadMore: 'Load more',
  shown: '{{shown}} of {{total}}',
  providers: 'Providers',
  searchIn: 'Filter games',
  demoTitle: 'Coming soon: {{name}}',
  demoText:
    '{{name}} is a preview. Slots and live games from {{provider}} and dozens of other studios can be integrated into your branded casino.',
  demoTextOriginal: '{{name}} is a preview of an upcoming game.',
  demoClose: 'Got it',
  customTitle: 'Your own branded games',
  customText: 'We build custom games for your brand: tell us your idea.',
  customCta: 'Learn more',
  customDialogText:
    'Custom branded game development: unique originals with your colours, your mascot and provably fair maths, delivered with this platform.',
};

export const lobbyUiDe: typeof lobbyUiEn = {
  favourite: 'Favorit',
  favouriteOn: 'In Favoriten',
  favouriteAdd: '{{name}} zu Favoriten hinzufügen',
  favouriteRemove: '{{name}} aus Favoriten entfernen',
  favouriteFailed: 'Deine Favoriten konnten nicht geändert werden ({{name}}). Bitte versuche es erneut.',
  favourites: 'Favoriten',
  favouritesEmpty: 'Noch keine Favoriten',
  favouritesEmptyText: 'Tippe bei einem Spiel auf das Herz, um es hier zu sammeln.',
  favouritesGuest: 'Melde dich an, um deine Lieblingsspiele an einem Ort zu sammeln.',
  signIn: 'Anmelden',
  futuresTitle: 'Futures-Trading',
  futuresText: 'Bis zu 1000x auf Krypto-Ticker',
  blocked: 'In deiner Region nicht verfügbar',
  blockedShort: 'Gesperrt',
  preview: 'Vorschau',
  recentlyPlayed: 'Zuletzt gespielt',
  latestWins: 'Neueste Gewinne',
  simulated: 'Simuliert',
  simulatedHint: 'Demomodus: ein erfundener Gewinn, der zeigt, wie die Anzeige aussieht. Keine echte Wette.',
  games_one: '{{count}} Spiel',
  games_other: '{{count}} Spiele',
  noGames: 'Hier gibt es noch keine Spiele',
  noGamesText: 'Schau bald wieder vorbei: Jede Woche kommen neue Spiele dazu.',
  loadFailed: 'Die Spiele konnten nicht geladen werden.',
  loadMore: 'Mehr laden',
  shown: '{{shown}} von {{total}}',
  providers: 'Anbieter',
  searchIn: 'Spiele filtern',
  demoTitle: 'Demnächst: {{name}}',
  demoText:
    '{{name}} ist eine Vorschau. Slots und Live-Spiele von {{provider}} und dutzenden weiteren Studios lassen sich in dein Casino integrieren.',
  demoTextOriginal: '{{name}} ist eine Vorschau auf ein kommendes Spiel.',
  demoClose: 'Verstanden',
  customTitle: 'Eigene Spiele für deine Marke',
  customText: 'Wir entwickeln Spiele für deine Marke: Erzähl uns deine Idee.',
  customCta: 'Mehr erfahren',
  customDialogText:
    'Entwicklung eigener Markenspiele: einzigartige Originals mit deinen Farben, deinem Maskottchen und nachweislich fairer Mathematik, geliefert mit dieser Plattform.',
};

addTranslations('en', { lobbyUi: lobbyUiEn });
addTranslations('de', { lobbyUi: lobbyUiDe });
