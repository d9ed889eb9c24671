import type { ShellTexts } from './shell.en';

/** Deutsche Texte der App-Hülle (Schlüssel unter `app.`). */
export const shellDe: ShellTexts = {
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
