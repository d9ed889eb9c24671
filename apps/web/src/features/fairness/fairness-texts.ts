/**
 * The fairness page's texts (keys under `fairnessUi.`), English and German. They load with the page's
 * chunk; the page title is the shared `nav.fairness`.
 */
import { addTranslations } from '../../lib/i18n';

export const fairnessUiEn = {
  subtitle: 'Every result was fixed before you bet. Recompute any bet here, in your browser.',
  tabs: { verify: 'Verify', crash: 'Crash', wheel: 'Bonus wheel', how: 'How it works' },
  wheel: {
    title: 'Bonus wheel spin',
    weights: 'Published weights',
    weightsHint: 'The {{n}} prize weights, in order, separated by commas (the spin answers them).',
    badNonce: 'The nonce is a whole number of 0 or more.',
    empty: 'Enter the revealed server seed of the pair the spin used (rotate your seeds to reveal it).',
    result: 'Recomputed spin',
    hashOk: 'The server seed matches the commitment the spin was drawn under.',
    hashBad: 'This server seed does not match the commitment of the spin.',
    segment: 'Segment',
    prize: 'Prize',
    point: 'Point',
    step1: 'HMAC-SHA256(server seed, client seed:nonce:0) gives the floats {{f0}} and {{f1}}.',
    step2:
      'The first float × {{total}} (the sum of the weights), rounded down: point {{point}} on the line 0 … {{total}} − 1.',
    step3: 'The point falls in prize {{prize}}; the second float picks its segment: {{segment}}.',
  },
  copy: 'Copy',
  copied: 'Copied',
  form: {
    title: 'Bet details',
    game: 'Game',
    serverSeed: 'Server seed (revealed)',
    serverSeedPlaceholder: '64 hex characters, shown after you rotate your seed pair',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    nonceDown: 'Previous nonce',
    nonceUp: 'Next nonce',
    params: 'Bet settings',
    edge: 'House edge',
    edgeHint: 'The edge the bet was played at; 1% unless the bet link says otherwise.',
    copyLink: 'Copy verify link',
    linkCopied: 'Link copied',
    reset: 'Reset',
  },
  params: {
    target: 'Target (0.00 – 100.00)',
    condition: 'Condition',
    over: 'Over',
    under: 'Under',
    targetMultiplier: 'Target multiplier (1.01 – 1,000,000)',
    rows: 'Rows',
    risk: 'Risk',
    risks: { low: 'Low', medium: 'Medium', high: 'High', classic: 'Classic' },
    picks: 'Your picks ({{n}}/{{max}})',
    segments: 'Segments',
    layout: 'Layout',
    layouts: { v1: 'Version 1 (older bets)', v2: 'Version 2 (public table)' },
    layoutHint:
      'Only medium risk with 10 segments differs: version 1 starts with 1.9×, version 2 (the public table, every new bet) with 0×. A link says which one the bet was played with.',
    rouletteJson: 'Chip placements (JSON)',
    rouletteHint:
      'Amounts in atomic units. Types: straight, split, street, corner, line (with numbers), dozen, column (with index 1-3), red, black, odd, even, low, high.',
    baccaratJson: 'Stakes (JSON)',
    baccaratHint: 'Amounts in atomic units on player, banker and tie; only the proportions matter.',
    none: 'Diamonds has no settings: five gems, nothing to choose.',
  },
  errors: {
    game: 'This game cannot be verified here yet.',
    crash: 'Crash rounds have no seed pair: verify them on the Crash tab, from their game hash and salt.',
    nonce: 'The nonce must be a whole number, 0 or more.',
    edge: 'The house edge must be between 0% and 50%, with at most two decimals.',
    params: 'These bet settings are not valid for this game.',
    generic: 'This bet cannot be recomputed.',
    json: 'This is not valid JSON.',
    target: 'Enter the target as a number with at most two decimals.',
    rows: 'Choose the number of rows.',
    picks: 'Pick 1 to 10 squares.',
    paramsLink: 'The bet settings in this link could not be read; defaults are shown.',
  },
  result: {
    title: '{{game}} result',
    text: 'Recomputed in your browser with the same code our servers use.',
    multiplier: 'Multiplier',
    empty: 'Enter a revealed server seed and your client seed to recompute the bet.',
  },
  hash: {
    title: 'Server seed hash',
    text: 'SHA-256 of the server seed. It must equal the hash you saw before betting.',
    badSeed: 'Our server seeds are 64 hex characters; check that the whole seed was pasted.',
    compare: 'Compare with the hash you were shown',
    comparePlaceholder: 'Paste the server seed hash',
    match: 'The hashes match: this seed was committed before your bet.',
    mismatch: 'The hashes differ: this is not the seed behind that commitment.',
  },
  steps: {
    round: 'Round {{round}}',
    roundsTitle: 'HMAC-SHA256 byte stream',
    roundsText: 'Each round gives 32 bytes. Coloured groups of 4 bytes are the ones this bet used.',
    floatsTitle: 'Bytes to floats to result',
    floatsText: 'Each float is b0/256 + b1/256² + b2/256³ + b3/256⁴, a number from 0 to just below 1.',
    bytesFloat: 'Bytes → float',
    mapping: 'Game step → result',
  },
  how: {
    verifiers: {
      title: 'Who else can check it',
      text: 'Every game runs on the large casino’s published algorithm (Stake’s: the same HMAC-SHA256 stream, floats and selection without replacement), so an independent verifier written for that casino reproduces our results from the same seeds. Where a game adds something of its own, it is named here; this page reproduces those parts too.',
      games: {
        dice: 'Public verifiers reproduce it exactly.',
        limbo: 'Public verifiers reproduce it exactly (house edge from settings in the result curve).',
        plinko:
          'Public verifiers reproduce the path and slot; the payout table is ours (scaled to exactly 1 − edge).',
        keno: 'Public verifiers reproduce the draw; the payout table is ours (scaled to exactly 1 − edge).',
        wheel:
          'Public verifiers reproduce the segment and, for bets with layout 2 (every bet since the switch), the public table. Bets with layout 1 (medium, 10 segments, before the switch) pay by our first layout, shifted by one segment: only this page reproduces their payout.',
        roulette: 'Public verifiers reproduce the pocket exactly.',
        diamonds: 'Public verifiers reproduce the five gems exactly.',
        baccarat:
          'The cards are the public verifiers’ (same floats, same card table); the order they are dealt to player and banker (P, B, P, B, then third cards) is ours.',
        blackjack:
          'The cards are the public verifiers’ (same floats, same card table); the order they are dealt to the hands is ours.',
        videopoker:
          'The cards are the public verifiers’ (same floats, same card table); the deal and draw order is ours.',
        mines:
          'Public verifiers reproduce the mines; the “random pick” button is ours: it reads one more float among the unrevealed cells.',
        hilo: 'Public verifiers reproduce the cards; a skip is ours: it reads one extra float for the next card.',
        tower:
          'Rounds of version 2 (every round since the switch, v: 2 in the params): public verifiers reproduce every level, whose safe tiles are drawn (our Low, Medium and High are their Dragon Tower easy, medium and expert). Rounds without a version (before the switch) drew the bombs of each level instead: only this page reproduces them.',
        stairs: 'Public verifiers reproduce the stones of each stair.',
        coinflip:
          'Rounds of version 2 (every round since the switch, v: 2 in the params): public verifiers reproduce each flip (floor(float × 2): 0 tails, 1 heads). Rounds without a version (before the switch) called a float below 0.5 heads, the other side: only this page reproduces them.',
        crash:
          'Chains of scheme hmac32 (every chain since the switch): a public crash verifier of that casino, given the game hash and the salt, reproduces every round (at a 1% edge; ours uses the edge from settings). Chains of scheme hmac52 (our first ones) read 52 bits: only this page reproduces them.',
      },
    },
    commit: {
      title: 'We commit before you bet',
      text: 'We pick a secret random server seed (32 bytes, written as 64 hex characters) and show you only its SHA-256 hash. The hash fixes the seed without revealing it: we cannot change the seed later without the hash changing too.',
    },
    inputs: {
      title: 'You add your own seed',
      text: 'Your client seed is yours to set at any time, so we cannot know in advance what will be combined with our seed. Every bet also carries a nonce: 0 for the first bet of a seed pair, then 1, 2, 3... so no two bets use the same inputs.',
    },
    hmac: {
      title: 'One HMAC-SHA256 stream per bet',
      text: 'The bet’s randomness is HMAC-SHA256 keyed with the server seed over the message "client seed:nonce:round". Each round gives 32 bytes; a game that needs more than 8 numbers moves on to round 1, 2 and so on.',
    },
    floats: {
      title: '4 bytes make one float',
      text: 'Each group of 4 bytes becomes a number from 0 up to (not including) 1. Float 1 uses bytes 1-4, float 2 bytes 5-8, and so on: 8 floats per round.',
    },
    games: {
      title: 'Each game reads its floats',
      text: 'A game uses as many floats as it needs and turns each into a piece of its result, always with floor(float × number of possible outcomes):',
      dice: { name: 'Dice', text: '1 float: roll = floor(float × 10001) / 100, from 0.00 to 100.00.' },
      limbo: {
        name: 'Limbo',
        text: '1 float: result = floor(100 × (1 − house edge) / float) / 100, at least 1.00× and at most 1,000,000×.',
      },
      plinko: {
        name: 'Plinko',
        text: '1 float per row: floor(float × 2) is 0 (left) or 1 (right); the slot is the number of rights.',
      },
      keno: {
        name: 'Keno',
        text: '10 floats draw 10 of the 40 squares without repeats: float i picks position floor(float × squares left) among the squares not drawn yet.',
      },
      wheel: {
        name: 'Wheel',
        text: '1 float: segment = floor(float × segments), counted clockwise from the top.',
      },
      roulette: { name: 'Roulette', text: '1 float: pocket = floor(float × 37), a European wheel 0 to 36.' },
      diamonds: {
        name: 'Diamonds',
        text: '5 floats: gem = floor(float × 7): green, purple, yellow, red, cyan, orange, blue.',
      },
      baccarat: {
        name: 'Baccarat',
        text: '6 floats: card = floor(float × 52) from ♦2, ♥2, ♠2, ♣2, ♦3 ... up to ♣A. Cards go player, banker, player, banker, then third cards by the standard rules; unused cards are ignored.',
      },
    },
    rotate: {
      title: 'Rotate and check',
      text: 'When you rotate your seed pair, we reveal the old server seed and commit a new one. Check that SHA-256 of the revealed seed equals the hash you saw, then recompute any bet of that pair on the Verify tab: the result is always the one you got.',
      link: 'A verify link is /fairness?verify=game-serverSeed-clientSeed-nonce. The bet overview adds &params= (the bet’s settings as base64url JSON) and &edge= (the house edge in basis points) so that the settings are filled in for you; for games with decisions (mines, blackjack...) it also adds &actions=, the round’s decisions in order.',
    },
  },
};

export const fairnessUiDe: typeof fairnessUiEn = {
  subtitle:
    'Jedes Ergebnis stand fest, bevor du gesetzt hast. Rechne jede Wette hier in deinem Browser nach.',
  tabs: { verify: 'Prüfen', crash: 'Crash', wheel: 'Bonusrad', how: 'So funktioniert es' },
  wheel: {
    title: 'Dreh am Bonusrad',
    weights: 'Veröffentlichte Gewichte',
    weightsHint: 'Die {{n}} Gewichte der Gewinne in Reihenfolge, durch Kommas getrennt (der Dreh nennt sie).',
    badNonce: 'Die Nonce ist eine ganze Zahl ab 0.',
    empty:
      'Gib den offengelegten Server-Seed des Paares ein, mit dem gedreht wurde (wechsle deine Seeds, um ihn offenzulegen).',
    result: 'Nachgerechneter Dreh',
    hashOk: 'Der Server-Seed passt zur Zusage, unter der gedreht wurde.',
    hashBad: 'Dieser Server-Seed passt nicht zur Zusage des Drehs.',
    segment: 'Segment',
    prize: 'Gewinn',
    point: 'Punkt',
    step1: 'HMAC-SHA256(Server-Seed, Client-Seed:Nonce:0) ergibt die Floats {{f0}} und {{f1}}.',
    step2:
      'Der erste Float × {{total}} (die Summe der Gewichte), abgerundet: Punkt {{point}} auf der Linie 0 … {{total}} − 1.',
    step3: 'Der Punkt fällt in Gewinn {{prize}}; der zweite Float wählt sein Segment: {{segment}}.',
  },
  copy: 'Kopieren',
  copied: 'Kopiert',
  form: {
    title: 'Wettdetails',
    game: 'Spiel',
    serverSeed: 'Server-Seed (aufgedeckt)',
    serverSeedPlaceholder: '64 Hex-Zeichen, sichtbar nach dem Wechsel deines Seed-Paars',
    clientSeed: 'Client-Seed',
    nonce: 'Nonce',
    nonceDown: 'Vorherige Nonce',
    nonceUp: 'Nächste Nonce',
    params: 'Wetteinstellungen',
    edge: 'Hausvorteil',
    edgeHint: 'Der Hausvorteil der Wette; 1 %, sofern der Link nichts anderes angibt.',
    copyLink: 'Prüf-Link kopieren',
    linkCopied: 'Link kopiert',
    reset: 'Zurücksetzen',
  },
  params: {
    target: 'Ziel (0,00 – 100,00)',
    condition: 'Bedingung',
    over: 'Über',
    under: 'Unter',
    targetMultiplier: 'Ziel-Multiplikator (1,01 – 1.000.000)',
    rows: 'Reihen',
    risk: 'Risiko',
    risks: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch', classic: 'Klassisch' },
    picks: 'Deine Felder ({{n}}/{{max}})',
    segments: 'Segmente',
    layout: 'Anordnung',
    layouts: { v1: 'Version 1 (ältere Wetten)', v2: 'Version 2 (öffentliche Tabelle)' },
    layoutHint:
      'Nur mittleres Risiko mit 10 Segmenten unterscheidet sich: Version 1 beginnt mit 1,9×, Version 2 (die öffentliche Tabelle, jede neue Wette) mit 0×. Ein Link sagt, mit welcher die Wette gespielt wurde.',
    rouletteJson: 'Chip-Platzierungen (JSON)',
    rouletteHint:
      'Beträge in kleinsten Einheiten. Typen: straight, split, street, corner, line (mit numbers), dozen, column (mit index 1-3), red, black, odd, even, low, high.',
    baccaratJson: 'Einsätze (JSON)',
    baccaratHint: 'Beträge in kleinsten Einheiten auf player, banker und tie; nur das Verhältnis zählt.',
    none: 'Diamonds hat keine Einstellungen: fünf Edelsteine, nichts zu wählen.',
  },
  errors: {
    game: 'Dieses Spiel kann hier noch nicht geprüft werden.',
    crash: 'Crash-Runden haben kein Seed-Paar: Prüfe sie im Tab Crash, über ihren Spiel-Hash und ihr Salt.',
    nonce: 'Die Nonce muss eine ganze Zahl ab 0 sein.',
    edge: 'Der Hausvorteil muss zwischen 0 % und 50 % liegen, mit höchstens zwei Nachkommastellen.',
    params: 'Diese Wetteinstellungen sind für dieses Spiel nicht gültig.',
    generic: 'Diese Wette kann nicht nachgerechnet werden.',
    json: 'Das ist kein gültiges JSON.',
    target: 'Gib das Ziel als Zahl mit höchstens zwei Nachkommastellen ein.',
    rows: 'Wähle die Anzahl der Reihen.',
    picks: 'Wähle 1 bis 10 Felder.',
    paramsLink: 'Die Wetteinstellungen in diesem Link sind nicht lesbar; es werden Standardwerte gezeigt.',
  },
  result: {
    title: 'Ergebnis: {{game}}',
    text: 'In deinem Browser nachgerechnet, mit demselben Code wie auf unseren Servern.',
    multiplier: 'Multiplikator',
    empty: 'Gib einen aufgedeckten Server-Seed und deinen Client-Seed ein, um die Wette nachzurechnen.',
  },
  hash: {
    title: 'Server-Seed-Hash',
    text: 'SHA-256 des Server-Seeds. Er muss dem Hash entsprechen, den du vor der Wette gesehen hast.',
    badSeed: 'Unsere Server-Seeds haben 64 Hex-Zeichen; prüfe, ob der ganze Seed eingefügt wurde.',
    compare: 'Mit dem angezeigten Hash vergleichen',
    comparePlaceholder: 'Server-Seed-Hash einfügen',
    match: 'Die Hashes stimmen überein: Dieser Seed war vor deiner Wette festgelegt.',
    mismatch: 'Die Hashes unterscheiden sich: Das ist nicht der Seed hinter diesem Hash.',
  },
  steps: {
    round: 'Runde {{round}}',
    roundsTitle: 'HMAC-SHA256-Bytestrom',
    roundsText: 'Jede Runde liefert 32 Bytes. Farbige 4-Byte-Gruppen hat diese Wette verwendet.',
    floatsTitle: 'Von Bytes über Zahlen zum Ergebnis',
    floatsText: 'Jede Zahl ist b0/256 + b1/256² + b2/256³ + b3/256⁴, also von 0 bis knapp unter 1.',
    bytesFloat: 'Bytes → Zahl',
    mapping: 'Spielschritt → Ergebnis',
  },
  how: {
    verifiers: {
      title: 'Wer es noch prüfen kann',
      text: 'Jedes Spiel nutzt den veröffentlichten Algorithmus des großen Casinos (Stakes: derselbe HMAC-SHA256-Strom, dieselben Zahlen und dieselbe Auswahl ohne Zurücklegen), sodass ein unabhängiger Prüfer für dieses Casino unsere Ergebnisse aus denselben Seeds nachrechnet. Wo ein Spiel etwas Eigenes hinzufügt, steht es hier; diese Seite rechnet auch diese Teile nach.',
      games: {
        dice: 'Öffentliche Prüfer rechnen es exakt nach.',
        limbo:
          'Öffentliche Prüfer rechnen es exakt nach (Hausvorteil aus den Einstellungen in der Ergebniskurve).',
        plinko:
          'Öffentliche Prüfer rechnen Weg und Fach nach; die Auszahlungstabelle ist unsere (auf genau 1 − Vorteil skaliert).',
        keno: 'Öffentliche Prüfer rechnen die Ziehung nach; die Auszahlungstabelle ist unsere (auf genau 1 − Vorteil skaliert).',
        wheel:
          'Öffentliche Prüfer rechnen das Segment nach und, für Wetten mit Anordnung 2 (jede Wette seit der Umstellung), die öffentliche Tabelle. Wetten mit Anordnung 1 (mittel, 10 Segmente, vor der Umstellung) zahlen nach unserer ersten, um ein Segment verschobenen Anordnung: nur diese Seite rechnet ihre Auszahlung nach.',
        roulette: 'Öffentliche Prüfer rechnen das Fach exakt nach.',
        diamonds: 'Öffentliche Prüfer rechnen die fünf Edelsteine exakt nach.',
        baccarat:
          'Die Karten sind die der öffentlichen Prüfer (dieselben Zahlen, dieselbe Kartentabelle); die Reihenfolge, in der sie an Spieler und Bank gehen (S, B, S, B, dann dritte Karten), ist unsere.',
        blackjack:
          'Die Karten sind die der öffentlichen Prüfer (dieselben Zahlen, dieselbe Kartentabelle); die Reihenfolge, in der sie an die Hände gehen, ist unsere.',
        videopoker:
          'Die Karten sind die der öffentlichen Prüfer (dieselben Zahlen, dieselbe Kartentabelle); die Reihenfolge von Geben und Tauschen ist unsere.',
        mines:
          'Öffentliche Prüfer rechnen die Minen nach; die Zufallswahl ist unsere: sie liest eine weitere Zahl unter den verdeckten Feldern.',
        hilo: 'Öffentliche Prüfer rechnen die Karten nach; das Überspringen ist unseres: es liest eine zusätzliche Zahl für die nächste Karte.',
        tower:
          'Runden mit Version 2 (jede Runde seit der Umstellung, v: 2 in den Einstellungen): öffentliche Prüfer rechnen jede Ebene nach, gezogen werden ihre sicheren Felder (unser Niedrig, Mittel und Hoch sind deren Dragon Tower easy, medium und expert). Runden ohne Version (vor der Umstellung) zogen stattdessen die Bomben jeder Ebene: nur diese Seite rechnet sie nach.',
        stairs: 'Öffentliche Prüfer rechnen die Steine jeder Stufe nach.',
        coinflip:
          'Runden mit Version 2 (jede Runde seit der Umstellung, v: 2 in den Einstellungen): öffentliche Prüfer rechnen jeden Wurf nach (floor(Zahl × 2): 0 ergibt Zahl, 1 Kopf). Runden ohne Version (vor der Umstellung) werteten eine Zahl unter 0,5 als Kopf, also die andere Seite: nur diese Seite rechnet sie nach.',
        crash:
          'Ketten mit Verfahren hmac32 (jede Kette seit der Umstellung): ein öffentlicher Crash-Prüfer dieses Casinos rechnet aus Spiel-Hash und Salt jede Runde nach (bei 1 % Vorteil; unserer kommt aus den Einstellungen). Ketten mit hmac52 (unsere ersten) lesen 52 Bits: nur diese Seite rechnet sie nach.',
      },
    },
    commit: {
      title: 'Wir legen uns vor deiner Wette fest',
      text: 'Wir wählen einen geheimen, zufälligen Server-Seed (32 Bytes, als 64 Hex-Zeichen geschrieben) und zeigen dir nur seinen SHA-256-Hash. Der Hash legt den Seed fest, ohne ihn zu verraten: Ändern wir den Seed später, ändert sich auch der Hash.',
    },
    inputs: {
      title: 'Du fügst deinen eigenen Seed hinzu',
      text: 'Deinen Client-Seed kannst du jederzeit selbst setzen, daher wissen wir vorher nicht, womit unser Seed kombiniert wird. Jede Wette hat außerdem eine Nonce: 0 für die erste Wette eines Seed-Paars, dann 1, 2, 3 … So nutzen keine zwei Wetten dieselben Eingaben.',
    },
    hmac: {
      title: 'Ein HMAC-SHA256-Strom pro Wette',
      text: 'Der Zufall einer Wette ist HMAC-SHA256 mit dem Server-Seed als Schlüssel über die Nachricht "Client-Seed:Nonce:Runde". Jede Runde liefert 32 Bytes; braucht ein Spiel mehr als 8 Zahlen, geht es mit Runde 1, 2 usw. weiter.',
    },
    floats: {
      title: '4 Bytes ergeben eine Zahl',
      text: 'Jede Gruppe aus 4 Bytes wird zu einer Zahl von 0 bis (ausschließlich) 1. Zahl 1 nutzt die Bytes 1-4, Zahl 2 die Bytes 5-8 usw.: 8 Zahlen pro Runde.',
    },
    games: {
      title: 'Jedes Spiel liest seine Zahlen',
      text: 'Ein Spiel nutzt so viele Zahlen, wie es braucht, und macht aus jeder einen Teil seines Ergebnisses, immer mit floor(Zahl × Anzahl möglicher Ausgänge):',
      dice: { name: 'Dice', text: '1 Zahl: Wurf = floor(Zahl × 10001) / 100, von 0,00 bis 100,00.' },
      limbo: {
        name: 'Limbo',
        text: '1 Zahl: Ergebnis = floor(100 × (1 − Hausvorteil) / Zahl) / 100, mindestens 1,00× und höchstens 1.000.000×.',
      },
      plinko: {
        name: 'Plinko',
        text: '1 Zahl pro Reihe: floor(Zahl × 2) ist 0 (links) oder 1 (rechts); das Fach ist die Anzahl der Rechts-Schritte.',
      },
      keno: {
        name: 'Keno',
        text: '10 Zahlen ziehen 10 der 40 Felder ohne Wiederholung: Zahl i wählt Position floor(Zahl × verbleibende Felder) unter den noch nicht gezogenen Feldern.',
      },
      wheel: {
        name: 'Wheel',
        text: '1 Zahl: Segment = floor(Zahl × Segmente), im Uhrzeigersinn ab oben gezählt.',
      },
      roulette: {
        name: 'Roulette',
        text: '1 Zahl: Fach = floor(Zahl × 37), ein europäischer Kessel 0 bis 36.',
      },
      diamonds: {
        name: 'Diamonds',
        text: '5 Zahlen: Edelstein = floor(Zahl × 7): Grün, Lila, Gelb, Rot, Türkis, Orange, Blau.',
      },
      baccarat: {
        name: 'Baccarat',
        text: '6 Zahlen: Karte = floor(Zahl × 52) aus ♦2, ♥2, ♠2, ♣2, ♦3 … bis ♣A. Die Karten gehen an Spieler, Bank, Spieler, Bank, dann dritte Karten nach den Standardregeln; übrige Karten zählen nicht.',
      },
    },
    rotate: {
      title: 'Wechseln und prüfen',
      text: 'Wechselst du dein Seed-Paar, decken wir den alten Server-Seed auf und legen einen neuen fest. Prüfe, dass SHA-256 des aufgedeckten Seeds dem gezeigten Hash entspricht, und rechne dann jede Wette dieses Paars im Tab Prüfen nach: Das Ergebnis ist immer das, das du bekommen hast.',
      link: 'Ein Prüf-Link lautet /fairness?verify=Spiel-ServerSeed-ClientSeed-Nonce. Die Wettübersicht ergänzt &params= (die Wetteinstellungen als Base64url-JSON) und &edge= (den Hausvorteil in Basispunkten), damit die Einstellungen schon ausgefüllt sind; bei Spielen mit Entscheidungen (Mines, Blackjack …) zusätzlich &actions=, die Entscheidungen der Runde in Reihenfolge.',
    },
  },
};

addTranslations('en', { fairnessUi: fairnessUiEn });
addTranslations('de', { fairnessUi: fairnessUiDe });
