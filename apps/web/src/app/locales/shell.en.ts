/** English texts of the app shell and the home page (keys under `app.`), bundled with the entry. */
export const shellEn = {
  home: {
    documentTitle: 'Crypto casino',
    heading: '{{siteName}} casino lobby',
    bannersLabel: 'Promotions',
    gameNav: 'Game categories',
    banner: {
      welcome: {
        title: 'Welcome to the lobby',
        text: 'Provably fair originals and provider games in one account, played with crypto.',
        cta: 'Play the originals',
      },
      fair: {
        title: 'Provably fair, every round',
        text: 'Every original game result comes from your client seed and our committed server seed. Verify any bet yourself.',
        cta: 'How it works',
      },
      race: {
        title: 'The weekly race',
        text: 'Every wager counts. The top 20 players of the week share its prize pool.',
        cta: 'See the leaderboard',
      },
    },
  },
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
