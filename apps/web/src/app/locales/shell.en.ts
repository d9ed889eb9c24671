/** English texts of the app shell (keys under `app.`); loaded with the first page. */
export const shellEn = {
  liveFeed: {
    comingSoon: 'Bets appear here live as players win and lose.',
  },
  chat: {
    empty: 'Live chat is on its way. Messages, rain and tips will appear here.',
  },
  email: {
    sendComingSoon: 'Verification emails can be requested from your profile soon.',
  },
  auth: {
    comingSoon: 'Accounts open shortly. Sign-in and registration are being connected.',
  },
  mobileNav: {
    bets: 'Bets',
  },
  footer: {
    tagline: '{{siteName}} is a crypto casino with provably fair originals, slots and live casino games.',
  },
};

export type ShellTexts = typeof shellEn;
