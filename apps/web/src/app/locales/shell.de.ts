import type { ShellTexts } from './shell.en';

/** Deutsche Texte der App-Hülle (Schlüssel unter `app.`). */
export const shellDe: ShellTexts = {
  home: {
    documentTitle: 'Krypto-Casino',
    heading: '{{siteName}} Casino-Lobby',
    bannersLabel: 'Aktionen',
    gameNav: 'Spielkategorien',
    banner: {
      welcome: {
        title: 'Willkommen in der Lobby',
        text: 'Nachweislich faire Originals und Spiele der Anbieter in einem Konto, gespielt mit Krypto.',
        cta: 'Originals spielen',
      },
      fair: {
        title: 'Nachweislich fair, jede Runde',
        text: 'Jedes Ergebnis der Originals entsteht aus deinem Client-Seed und unserem vorab festgelegten Server-Seed. Prüfe jede Wette selbst.',
        cta: "So funktioniert's",
      },
      race: {
        title: 'Das Wochenrennen',
        text: 'Jeder Einsatz zählt. Die 20 besten Spieler der Woche teilen sich den Preispool.',
        cta: 'Zur Bestenliste',
      },
    },
  },
  liveFeed: {
    comingSoon: 'Hier erscheinen Wetten live, während Spieler gewinnen und verlieren.',
  },
  chat: {
    empty: 'Der Live-Chat ist unterwegs. Nachrichten, Rain und Trinkgelder erscheinen hier.',
  },
  email: {
    sendComingSoon: 'Bestätigungs-E-Mails kannst du bald in deinem Profil anfordern.',
  },
  auth: {
    comingSoon: 'Konten öffnen in Kürze. Anmeldung und Registrierung werden gerade angebunden.',
  },
  mobileNav: {
    bets: 'Wetten',
  },
  footer: {
    tagline:
      '{{siteName}} ist ein Krypto-Casino mit nachweislich fairen Originals, Slots und Live-Casino-Spielen.',
  },
};
