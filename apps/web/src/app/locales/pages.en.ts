/** English texts of the page frames (keys under `app.`); loaded on demand with the first page. */
export const pagesEn = {
  casino: {
    categories: 'Casino categories',
    searchIn: 'Search in {{name}}',
    providerSubtitle: 'All games by {{name}}',
    catalogueNote:
      'The game catalogue is being connected. Games, favourites and provider filters appear here as soon as the catalogue goes live.',
  },
  game: {
    controls: 'Bet controls',
    betMode: 'Betting mode',
    comingSoon:
      'This game is being prepared. Betting opens here once the game goes live; your seeds and history will be kept.',
  },
  search: {
    comingSoon: 'Search results appear here as soon as the game catalogue is live.',
  },
  promotions: {
    subtitle: 'Bonuses, rakeback and competitions for every player.',
    note: 'Promotion details and your active bonuses will show here once your account is connected.',
    items: {
      faucet: {
        title: 'Daily faucet',
        text: 'Out of balance? Claim a small free amount once a day to keep playing.',
      },
      rakeback: {
        title: 'Rakeback',
        text: 'Get a share of the house edge back on every bet, settled daily at midnight.',
      },
      firstDeposit: {
        title: 'First deposit bonus',
        text: 'Your first deposit is matched with a bonus. Wager it once to unlock it.',
      },
      wheel: {
        title: 'Bonus wheel',
        text: 'Every player gets one spin after registration; more spins come from special promo codes.',
      },
      race: {
        title: 'Weekly race',
        text: 'Wager to climb the leaderboard. The top 20 share the prize pool every Sunday at midnight.',
      },
      vip: {
        title: 'VIP Club',
        text: 'Ten levels with growing rewards, lower fees and withdrawal priority.',
      },
    },
  },
  vip: {
    subtitle: 'Ten levels. The more you play, the more you get back.',
    yourLevel: 'Your level',
    guest: 'Sign in to track your progress',
    progressNote: 'Progress is measured by your deposits and wagers.',
    levels: 'Levels and benefits',
    level: 'Level',
    deposit: 'Deposit requirement',
    wager: 'Wager requirement',
    fee: 'Withdrawal fee',
    note: 'Requirements and fees per level are published by the operator and appear here.',
  },
  race: {
    title: 'Weekly race',
    subtitle: 'The top 20 players by wager share the prize pool.',
    endsIn: 'Ends in',
    days: 'Days',
    hours: 'Hours',
    minutes: 'Min',
    seconds: 'Sec',
    standings: 'Standings and prize shares',
    wagered: 'Wagered',
    share: 'Prize share',
    note: 'Standings update live once the race opens. Prizes are paid when the countdown ends.',
  },
  partner: {
    subtitle: 'Invite friends and earn a share of their play.',
    yourLink: 'Your referral link',
    signInForLink: 'Sign in to get your personal referral link.',
    stats: { referrals: 'Referrals', wagered: 'Referred wager', earned: 'Earned' },
    steps: {
      share: { title: 'Share your link', text: 'Send your referral link or invite code to friends.' },
      register: {
        title: 'They sign up',
        text: 'Your code is filled in automatically when they register through your link.',
      },
      earn: { title: 'You earn', text: 'Receive a commission on their wagers, paid to your balance.' },
    },
  },
  bonus: {
    subtitle: 'A small free top-up when your balance runs out.',
    claimTitle: 'Daily faucet',
    claimText: 'Available once a day when your balance is empty. A deposit may be required first.',
    claim: 'Claim',
    note: 'Claiming opens once your account and wallet are connected.',
  },
  token: {
    subtitle: 'Price, supply and burn of the platform token.',
    analyticsSubtitle: 'Burn, revenue and supply at a glance.',
    rewardsSubtitle: 'Your share of the platform revenue.',
    revShareSubtitle: 'Token holders share the platform revenue.',
    revShareHeading: 'Revenue share',
    revShareText:
      'Part of the casino, sports and futures revenue is paid out to token holders every week in proportion to their holdings.',
    note: 'Market data and charts load from the analytics service once it is connected.',
    timeframe: 'Timeframe',
    days: '{{count}}d',
    stats: { price: 'Price (USD)', change: '24h change', supply: 'Circulating supply', burnt: 'Burnt' },
    rewards: { pending: 'Pending', claimed: 'Claimed', share: 'Your share' },
    charts: {
      burn24h: '24h burn',
      burntPerDay: 'Burnt per day',
      futures: 'Futures revenue',
      casino: 'Casino revenue',
      sports: 'Sports revenue',
      payouts: 'Weekly payouts',
      supply: 'Token supply',
      price: 'Token price',
    },
  },
  sports: {
    listLabel: 'Sports',
    live: 'Live now',
    upcoming: 'Upcoming',
    path: 'Section: {{path}}',
    note: 'Sports betting is being connected. Events, odds and your bet slip appear here.',
    items: { bets: 'My bets', live: 'Live', favorites: 'Favourites' },
  },
  trading: {
    subtitle: 'Bet on price moves with leverage, without owning the asset.',
    ticker: 'Ticker',
    price: 'Price',
    change: '24h',
    volume: 'Volume 24h',
    up: 'Up',
    down: 'Down',
    direction: 'Direction',
    multiplier: 'Payout multiplier',
    placeBet: 'Place bet',
    note: 'Live prices and the ROI calculator connect with the trading server.',
  },
  poker: {
    subtitle: 'Play against other players.',
    heading: 'Poker tables',
    text: "Join a table, take a seat and play Texas Hold'em against other players.",
    table: 'Table',
    stakes: 'Stakes',
    players: 'Players',
    note: 'Tables open once the poker server is connected.',
  },
  pvp: {
    subtitle: 'Head-to-head pools against other players.',
    pool: 'Pool #{{id}}',
  },
  crypto: {
    subtitle: 'Buy crypto with a card and deposit it straight to your wallet.',
    spend: 'You spend (USD)',
    receive: 'You receive',
    buy: 'Buy crypto',
    note: 'Card purchases are handled by a licensed payment partner, connected soon.',
  },
  walletconnect: {
    title: 'Connect a wallet',
    text: 'Approve the connection in your wallet app to link it to your account.',
    waiting: 'Waiting for your wallet...',
    connect: 'Open wallet',
  },
  legal: {
    updated: 'Summary of the main terms. Last updated 2025.',
    terms: {
      acceptance: {
        title: '1. Agreement',
        text: 'By creating an account or playing on {{siteName}} you accept these terms, the privacy policy and the rules of each game.',
      },
      age: {
        title: '2. Minimum age',
        text: 'You must be at least 18 years old, or the age of majority in your country if that is higher. We may ask for proof of age at any time and close accounts of minors.',
      },
      countries: {
        title: '3. Restricted countries',
        text: 'Players from restricted countries may not open an account or play. Some game providers restrict further territories; their games are marked and blocked there.',
      },
      account: {
        title: '4. One account per person',
        text: 'Each person may hold one account. Multiple accounts, shared accounts and accounts opened for others are closed, and their balances may be withheld.',
      },
      bonuses: {
        title: '5. Bonuses',
        text: 'Only one bonus per person, household, device and IP address. Bonuses carry wagering requirements stated with each offer; abuse voids the bonus and its winnings.',
      },
      withdrawals: {
        title: '6. Deposits and withdrawals',
        text: 'Crypto deposits are credited after network confirmations. Withdrawals need at least three confirmations and may be reviewed for anti-money-laundering checks before payout.',
      },
      liability: {
        title: '7. Liability',
        text: 'Our liability for any claim is limited to 100 EUR, except where the law does not allow such a limit. Malfunctions void the affected bets and plays.',
      },
      responsible: {
        title: '8. Responsible gambling',
        text: 'Gambling can be addictive. Set limits, take breaks and use self-exclusion if you need to stop; while it is active you cannot play or deposit.',
      },
      changes: {
        title: '9. Changes',
        text: 'We may update these terms. The version shown here applies from its publication; continuing to play means you accept it.',
      },
    },
    privacy: {
      collect: {
        title: 'What we collect',
        text: 'Your login, email address, wallet addresses, transactions, bets, and technical data such as IP address and device, needed to run your account.',
      },
      use: {
        title: 'Why we use it',
        text: 'To provide the games and payments, to verify your age and identity, to prevent fraud and money laundering, and to meet our legal duties.',
      },
      retention: {
        title: 'How long we keep it',
        text: 'We keep your data for ten years after you close your account, as anti-money-laundering rules require, and then delete it.',
      },
      sharing: {
        title: 'Who we share it with',
        text: 'Payment and game providers that process your plays, and authorities when the law requires. We never sell your data.',
      },
      security: {
        title: 'Security',
        text: 'Passwords are stored hashed, sessions can be revoked, and two-factor authentication protects your account when enabled.',
      },
      rights: {
        title: 'Your rights',
        text: 'You may ask for a copy of your data, its correction, or its deletion where retention duties allow. Contact support to do so.',
      },
      cookies: {
        title: 'Cookies and local storage',
        text: 'We store your session, language, theme and settings in your browser. No advertising trackers are used.',
      },
    },
  },
  profile: {
    note: 'Statistics, bet history and settings appear here once your account is connected.',
  },
  connections: {
    connect: 'Connect',
    wallet: { title: 'Crypto wallet', text: 'Link a browser wallet to sign in with it.' },
    social: { title: 'Social accounts', text: 'Link an account to sign in without a password.' },
  },
  oauth: {
    title: 'Authorise application',
    text: 'An application asks for access to your account. Only approve requests you started yourself.',
    request: 'Request {{id}}',
    approve: 'Approve',
    deny: 'Deny',
  },
  admin: {
    title: 'Back office',
    backToSite: 'Back to the casino',
    revenue: 'Revenue',
    userTitle: 'Player {{id}}',
    nav: {
      dashboard: 'Dashboard',
      users: 'Users',
      outbox: 'Outbox',
      games: 'Games',
      wallet: 'Payments',
      promotions: 'Promotions',
      chat: 'Chat moderation',
      fairness: 'Fairness',
      settings: 'Settings',
    },
    stats: {
      players: 'Players',
      online: 'Online now',
      wagered: 'Wagered 24h',
      ggr: 'GGR 24h',
      deposits: 'Deposits 24h',
      withdrawals: 'Pending withdrawals',
    },
    user: { account: 'Account', balances: 'Balances', bets: 'Recent bets', audit: 'Audit log' },
  },
  debug: {
    title: 'Slotegrator emulator',
    subtitle: 'Developer tool: replays aggregator callbacks against this platform.',
    player: 'Player',
    game: 'Game',
    log: 'Callback log',
    empty: 'No callbacks sent yet.',
  },
};

export type PageTexts = typeof pagesEn;
