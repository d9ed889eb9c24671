import type { PageTexts } from './pages.en';

/** Deutsche Texte der Seitenrahmen (Schlüssel unter `app.`). */
export const pagesDe: PageTexts = {
  casino: {
    categories: 'Casino-Kategorien',
    searchIn: 'In {{name}} suchen',
    providerSubtitle: 'Alle Spiele von {{name}}',
    catalogueNote:
      'Der Spielekatalog wird gerade angebunden. Spiele, Favoriten und Anbieterfilter erscheinen hier, sobald der Katalog live ist.',
  },
  game: {
    controls: 'Wetteinstellungen',
    betMode: 'Wettmodus',
    comingSoon:
      'Dieses Spiel wird vorbereitet. Wetten sind hier möglich, sobald es live ist; deine Seeds und dein Verlauf bleiben erhalten.',
  },
  search: {
    comingSoon: 'Suchergebnisse erscheinen hier, sobald der Spielekatalog live ist.',
  },
  promotions: {
    subtitle: 'Boni, Rakeback und Wettbewerbe für alle Spieler.',
    note: 'Details zu Aktionen und deine aktiven Boni erscheinen hier, sobald dein Konto verbunden ist.',
    items: {
      faucet: {
        title: 'Täglicher Faucet',
        text: 'Kein Guthaben mehr? Hol dir einmal am Tag einen kleinen Gratisbetrag.',
      },
      rakeback: {
        title: 'Rakeback',
        text: 'Ein Teil des Hausvorteils geht bei jeder Wette an dich zurück, täglich um Mitternacht abgerechnet.',
      },
      firstDeposit: {
        title: 'Bonus auf die erste Einzahlung',
        text: 'Deine erste Einzahlung wird mit einem Bonus ergänzt. Einmal umsetzen, dann gehört er dir.',
      },
      wheel: {
        title: 'Bonusrad',
        text: 'Jeder Spieler erhält nach der Registrierung einen Dreh; weitere gibt es über spezielle Promo-Codes.',
      },
      race: {
        title: 'Wöchentliches Rennen',
        text: 'Setze ein und steige in der Rangliste auf. Die Top 20 teilen sich jeden Sonntag um Mitternacht den Preispool.',
      },
      vip: {
        title: 'VIP-Club',
        text: 'Zehn Stufen mit wachsenden Vorteilen, niedrigeren Gebühren und Auszahlungspriorität.',
      },
    },
  },
  vip: {
    subtitle: 'Zehn Stufen. Je mehr du spielst, desto mehr bekommst du zurück.',
    yourLevel: 'Deine Stufe',
    guest: 'Melde dich an, um deinen Fortschritt zu sehen',
    progressNote: 'Der Fortschritt richtet sich nach deinen Einzahlungen und Einsätzen.',
    levels: 'Stufen und Vorteile',
    level: 'Stufe',
    deposit: 'Einzahlungsanforderung',
    wager: 'Einsatzanforderung',
    fee: 'Auszahlungsgebühr',
    note: 'Anforderungen und Gebühren je Stufe legt der Betreiber fest; sie erscheinen hier.',
  },
  race: {
    title: 'Wöchentliches Rennen',
    subtitle: 'Die 20 Spieler mit dem höchsten Einsatz teilen sich den Preispool.',
    endsIn: 'Endet in',
    days: 'Tage',
    hours: 'Std',
    minutes: 'Min',
    seconds: 'Sek',
    standings: 'Rangliste und Preisanteile',
    wagered: 'Einsatz',
    share: 'Preisanteil',
    note: 'Die Rangliste aktualisiert sich live, sobald das Rennen startet. Preise werden am Ende des Countdowns ausgezahlt.',
  },
  partner: {
    subtitle: 'Lade Freunde ein und verdiene an ihrem Spiel mit.',
    yourLink: 'Dein Empfehlungslink',
    signInForLink: 'Melde dich an, um deinen persönlichen Empfehlungslink zu erhalten.',
    stats: { referrals: 'Empfehlungen', wagered: 'Einsatz der Geworbenen', earned: 'Verdient' },
    steps: {
      share: { title: 'Link teilen', text: 'Sende deinen Empfehlungslink oder Einladungscode an Freunde.' },
      register: {
        title: 'Sie registrieren sich',
        text: 'Dein Code wird automatisch eingetragen, wenn sie sich über deinen Link registrieren.',
      },
      earn: {
        title: 'Du verdienst',
        text: 'Du erhältst eine Provision auf ihre Einsätze, gutgeschrieben auf dein Guthaben.',
      },
    },
  },
  bonus: {
    subtitle: 'Eine kleine Gratis-Aufladung, wenn dein Guthaben leer ist.',
    claimTitle: 'Täglicher Faucet',
    claimText:
      'Einmal am Tag verfügbar, wenn dein Guthaben leer ist. Eventuell ist zuerst eine Einzahlung nötig.',
    claim: 'Abholen',
    note: 'Das Abholen ist möglich, sobald Konto und Wallet verbunden sind.',
  },
  token: {
    subtitle: 'Preis, Umlauf und Burn des Plattform-Tokens.',
    analyticsSubtitle: 'Burn, Umsatz und Umlauf auf einen Blick.',
    rewardsSubtitle: 'Dein Anteil am Plattformumsatz.',
    revShareSubtitle: 'Token-Inhaber werden am Plattformumsatz beteiligt.',
    revShareHeading: 'Umsatzbeteiligung',
    revShareText:
      'Ein Teil der Umsätze aus Casino, Sport und Futures wird jede Woche anteilig an die Token-Inhaber ausgezahlt.',
    note: 'Marktdaten und Diagramme werden vom Analysedienst geladen, sobald er verbunden ist.',
    timeframe: 'Zeitraum',
    days: '{{count}} T',
    stats: { price: 'Preis (USD)', change: '24h-Änderung', supply: 'Umlaufmenge', burnt: 'Verbrannt' },
    rewards: { pending: 'Ausstehend', claimed: 'Abgeholt', share: 'Dein Anteil' },
    charts: {
      burn24h: 'Burn (24h)',
      burntPerDay: 'Verbrannt pro Tag',
      futures: 'Futures-Umsatz',
      casino: 'Casino-Umsatz',
      sports: 'Sport-Umsatz',
      payouts: 'Wöchentliche Auszahlungen',
      supply: 'Token-Umlauf',
      price: 'Token-Preis',
    },
  },
  sports: {
    listLabel: 'Sportarten',
    live: 'Jetzt live',
    upcoming: 'Demnächst',
    path: 'Bereich: {{path}}',
    note: 'Sportwetten werden gerade angebunden. Ereignisse, Quoten und dein Wettschein erscheinen hier.',
    items: { bets: 'Meine Wetten', live: 'Live', favorites: 'Favoriten' },
  },
  trading: {
    subtitle: 'Wette mit Hebel auf Kursbewegungen, ohne den Wert zu besitzen.',
    ticker: 'Ticker',
    price: 'Preis',
    change: '24h',
    volume: 'Volumen 24h',
    up: 'Steigt',
    down: 'Fällt',
    direction: 'Richtung',
    multiplier: 'Auszahlungsmultiplikator',
    placeBet: 'Wette platzieren',
    note: 'Live-Kurse und der ROI-Rechner werden mit dem Trading-Server verbunden.',
  },
  poker: {
    subtitle: 'Spiele gegen andere Spieler.',
    heading: 'Pokertische',
    text: "Setz dich an einen Tisch und spiele Texas Hold'em gegen andere Spieler.",
    table: 'Tisch',
    stakes: 'Einsätze',
    players: 'Spieler',
    note: 'Die Tische öffnen, sobald der Poker-Server verbunden ist.',
  },
  pvp: {
    subtitle: 'Direkte Duelle in Pools gegen andere Spieler.',
    pool: 'Pool #{{id}}',
  },
  crypto: {
    subtitle: 'Kaufe Krypto per Karte und zahle sie direkt in deine Wallet ein.',
    spend: 'Du zahlst (USD)',
    receive: 'Du erhältst',
    buy: 'Krypto kaufen',
    note: 'Kartenkäufe wickelt ein lizenzierter Zahlungspartner ab, der bald angebunden wird.',
  },
  walletconnect: {
    title: 'Wallet verbinden',
    text: 'Bestätige die Verbindung in deiner Wallet-App, um sie mit deinem Konto zu verknüpfen.',
    waiting: 'Warte auf deine Wallet...',
    connect: 'Wallet öffnen',
  },
  legal: {
    updated: 'Zusammenfassung der wichtigsten Bedingungen. Stand 2025.',
    terms: {
      acceptance: {
        title: '1. Vereinbarung',
        text: 'Mit der Kontoeröffnung oder dem Spielen auf {{siteName}} akzeptierst du diese Bedingungen, die Datenschutzerklärung und die Regeln jedes Spiels.',
      },
      age: {
        title: '2. Mindestalter',
        text: 'Du musst mindestens 18 Jahre alt sein oder das Volljährigkeitsalter deines Landes erreicht haben, falls dieses höher ist. Wir können jederzeit einen Altersnachweis verlangen und Konten Minderjähriger schließen.',
      },
      countries: {
        title: '3. Gesperrte Länder',
        text: 'Spieler aus gesperrten Ländern dürfen kein Konto eröffnen und nicht spielen. Manche Spieleanbieter sperren weitere Gebiete; deren Spiele sind dort gekennzeichnet und gesperrt.',
      },
      account: {
        title: '4. Ein Konto pro Person',
        text: 'Jede Person darf ein Konto führen. Mehrfachkonten, geteilte Konten und für andere eröffnete Konten werden geschlossen; ihre Guthaben können einbehalten werden.',
      },
      bonuses: {
        title: '5. Boni',
        text: 'Nur ein Bonus pro Person, Haushalt, Gerät und IP-Adresse. Boni haben die beim Angebot genannten Umsatzbedingungen; Missbrauch macht Bonus und Gewinne ungültig.',
      },
      withdrawals: {
        title: '6. Ein- und Auszahlungen',
        text: 'Krypto-Einzahlungen werden nach Netzwerkbestätigungen gutgeschrieben. Auszahlungen benötigen mindestens drei Bestätigungen und können vor der Auszahlung auf Geldwäsche geprüft werden.',
      },
      liability: {
        title: '7. Haftung',
        text: 'Unsere Haftung ist für jeden Anspruch auf 100 EUR begrenzt, soweit das Gesetz eine solche Grenze erlaubt. Fehlfunktionen machen betroffene Wetten und Spiele ungültig.',
      },
      responsible: {
        title: '8. Verantwortungsvolles Spielen',
        text: 'Glücksspiel kann süchtig machen. Setze Limits, mach Pausen und nutze den Selbstausschluss, wenn du aufhören musst; solange er gilt, kannst du weder spielen noch einzahlen.',
      },
      changes: {
        title: '9. Änderungen',
        text: 'Wir können diese Bedingungen ändern. Die hier gezeigte Fassung gilt ab Veröffentlichung; wer weiterspielt, akzeptiert sie.',
      },
    },
    privacy: {
      collect: {
        title: 'Was wir erheben',
        text: 'Deinen Login, deine E-Mail-Adresse, Wallet-Adressen, Transaktionen, Wetten sowie technische Daten wie IP-Adresse und Gerät, die für dein Konto nötig sind.',
      },
      use: {
        title: 'Wofür wir sie nutzen',
        text: 'Um Spiele und Zahlungen bereitzustellen, Alter und Identität zu prüfen, Betrug und Geldwäsche zu verhindern und gesetzliche Pflichten zu erfüllen.',
      },
      retention: {
        title: 'Wie lange wir sie speichern',
        text: 'Wir speichern deine Daten zehn Jahre nach Schließung deines Kontos, wie es die Geldwäschevorschriften verlangen, und löschen sie dann.',
      },
      sharing: {
        title: 'Mit wem wir sie teilen',
        text: 'Mit Zahlungs- und Spieleanbietern, die deine Spiele verarbeiten, und mit Behörden, wenn das Gesetz es verlangt. Wir verkaufen deine Daten nie.',
      },
      security: {
        title: 'Sicherheit',
        text: 'Passwörter werden gehasht gespeichert, Sitzungen lassen sich widerrufen, und die Zwei-Faktor-Authentifizierung schützt dein Konto, wenn sie aktiv ist.',
      },
      rights: {
        title: 'Deine Rechte',
        text: 'Du kannst eine Kopie deiner Daten, ihre Berichtigung oder ihre Löschung verlangen, soweit Aufbewahrungspflichten es zulassen. Wende dich dazu an den Support.',
      },
      cookies: {
        title: 'Cookies und lokaler Speicher',
        text: 'Wir speichern Sitzung, Sprache, Design und Einstellungen in deinem Browser. Werbe-Tracker werden nicht eingesetzt.',
      },
    },
  },
  profile: {
    note: 'Statistiken, Wettverlauf und Einstellungen erscheinen hier, sobald dein Konto verbunden ist.',
  },
  connections: {
    connect: 'Verbinden',
    wallet: { title: 'Krypto-Wallet', text: 'Verknüpfe eine Browser-Wallet, um dich damit anzumelden.' },
    social: { title: 'Soziale Konten', text: 'Verknüpfe ein Konto, um dich ohne Passwort anzumelden.' },
  },
  oauth: {
    title: 'Anwendung autorisieren',
    text: 'Eine Anwendung bittet um Zugriff auf dein Konto. Bestätige nur Anfragen, die du selbst gestartet hast.',
    request: 'Anfrage {{id}}',
    approve: 'Erlauben',
    deny: 'Ablehnen',
  },
  admin: {
    title: 'Backoffice',
    backToSite: 'Zurück zum Casino',
    revenue: 'Umsatz',
    userTitle: 'Spieler {{id}}',
    nav: {
      dashboard: 'Dashboard',
      users: 'Benutzer',
      outbox: 'Postausgang',
      games: 'Spiele',
      wallet: 'Zahlungen',
      promotions: 'Aktionen',
      chat: 'Chat-Moderation',
      fairness: 'Fairness',
      settings: 'Einstellungen',
    },
    stats: {
      players: 'Spieler',
      online: 'Jetzt online',
      wagered: 'Einsatz 24h',
      ggr: 'GGR 24h',
      deposits: 'Einzahlungen 24h',
      withdrawals: 'Offene Auszahlungen',
    },
    user: { account: 'Konto', balances: 'Guthaben', bets: 'Letzte Wetten', audit: 'Audit-Protokoll' },
  },
  debug: {
    title: 'Slotegrator-Emulator',
    subtitle: 'Entwicklerwerkzeug: spielt Aggregator-Callbacks gegen diese Plattform ab.',
    player: 'Spieler',
    game: 'Spiel',
    log: 'Callback-Protokoll',
    empty: 'Noch keine Callbacks gesendet.',
  },
};
