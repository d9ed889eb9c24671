/**
 * The fairness page's crash texts (keys under `fairnessUi.crash.`, and the crash entry of "How it
 * works" under `fairnessUi.how.crash`), English and German. Merged into the page's texts on load.
 */
import { addTranslations, type Translation } from '../../lib/i18n';

export const fairnessCrashEn = {
  crash: {
    form: {
      title: 'Round details',
      round: 'Round',
      roundPlaceholder: 'Round number',
      load: 'Load',
      roundHint: 'Loads a round by its number with the values the server published for it.',
      hash: 'Game hash',
      hashPlaceholder: '64 hex characters, revealed when the round busts',
      salt: 'Salt',
      saltPlaceholder: 'The chain’s salt',
      edgeHint: 'The edge the round was created with; 1% unless the round says otherwise.',
      chain: 'Hash chain',
      index: 'Game index in the chain',
      indexHint: 'The round’s position: 0 for the chain’s first round, then 1, 2, 3…',
      terminating: 'Terminating hash',
      terminatingPlaceholder: 'Published before the chain’s first round',
      published: 'Published chains:',
      scheme: 'Scheme',
      schemeHint:
        'How the chain turns the HMAC into a crash point; a published chain says which. Every chain since the switch uses the public 32-bit algorithm.',
    },
    schemes: {
      hmac32: 'hmac32: first 32 bits, the public algorithm (current chains)',
      hmac52: 'hmac52: first 52 bits (our first chains)',
    },
    errors: {
      hash: 'The game hash is 64 hex characters.',
      salt: 'Enter the salt of the round’s chain (fixed when the chain’s first round started).',
      internal: 'The steps do not add up to the game’s own result. Please report this round.',
      scheme: 'Pick the chain’s scheme: hmac32 or hmac52.',
      index: 'The game index is a whole number, 0 or more.',
      terminating: 'The terminating hash is 64 hex characters.',
      indexPastChain: 'This index is past the end of that chain.',
      link: 'Some values in this link could not be read and were left out: {{keys}}.',
    },
    result: {
      title: 'Crash point',
      round: 'Round #{{round}}',
      text: 'Recomputed in your browser with the same code our servers use.',
      crashPoint: 'Crash point',
      recordedMatch: 'Matches the {{point}}× recorded for round #{{round}}.',
      recordedDiffers: 'Differs from the {{point}}× recorded for round #{{round}}.',
      busted: 'Busted',
      missing: 'Round #{{round}} is not a finished round. Its hash is revealed when it busts.',
      failed: 'The round could not be loaded. You can still enter its values by hand.',
      empty: 'Pick a round below, or enter a game hash and the salt to recompute its crash point.',
    },
    steps: {
      title: 'From game hash to crash point',
      text: 'Every value between the round’s hash and its crash point.',
      hmacTitle: 'HMAC-SHA256 of the salt, keyed with the game hash',
      hmacNote:
        'Both are used as text. The first {{chars}} hex characters (highlighted) are the {{bits}} bits the round uses.',
      bitsTitle: 'The first {{bits}} bits as a number',
      bitsNote32:
        'n is spread evenly from 0 to 2³² − 1; the public formula is max(1, 2³² / (n + 1) × (1 − edge)), shown rounded down to hundredths.',
      verifier32:
        'Scheme hmac32 is the large casino’s published crash algorithm (Stake’s, with the house edge from settings in place of its fixed 1%): a third-party crash verifier for it, given this game hash and salt, gives the same crash point at a 1% edge.',
      verifierName:
        'One is the open-source verifier “fair”: its crash::simulate, given this game hash and this salt as the block hash, gives this crash point at a 1% edge.',
      verifier52:
        'Scheme hmac52 (our first chains) keys the HMAC like the public algorithm but reads 52 bits with floor(99 / (1 − X)); no third-party verifier reproduces it, this page does.',
      bitsNote: 'X is spread evenly from 0 up to (not including) 1.',
      formulaTitle: 'The formula, in exact integers',
      exactNote:
        'With a house edge of {{edge}}%, computed without rounding: the crash point in hundredths is floor(N / D).',
      hundredths: 'hundredths',
      floorTitle: 'At least 1.00×',
      belowOne:
        'The formula gives less than 1.00×: the round busts at 1.00× at once and every bet in it loses.',
    },
    chain: {
      title: 'Place in the hash chain',
      text: 'SHA-256 of a round’s hash is the previous round’s hash. Hashing forward must reach the terminating hash published before the chain started.',
      needHash: 'Enter the game hash to walk the chain.',
      needIndex: 'Enter the round’s game index in its chain.',
      needTerminating: 'Enter the chain’s terminating hash, or pick a published chain.',
      steps_one: 'Game {{index}}: SHA-256 applied {{n}} time must give the terminating hash.',
      steps_other: 'Game {{index}}: SHA-256 applied {{n}} times must give the terminating hash.',
      progress: 'Chain check progress',
      hashed: '{{done}} / {{total}} hashes · {{percent}}%',
      confirm:
        'This round is {{n}} hashes from the end of its chain. The check runs in your browser and can take a while.',
      start: 'Start the check',
      stop: 'Stop',
      resume: 'Continue',
      first: 'After 1 hash: the hash of game {{index}}, the round before',
      reached_one: 'After {{n}} hash',
      reached_other: 'After {{n}} hashes',
      match_one: 'Reaches the terminating hash after {{n}} hash: this round belongs to the chain.',
      match_other: 'Reaches the terminating hash after {{n}} hashes: this round belongs to the chain.',
      mismatch_one:
        'Does not reach the terminating hash after {{n}} hash. Check the game index and the chain.',
      mismatch_other:
        'Does not reach the terminating hash after {{n}} hashes. Check the game index and the chain.',
      time: 'Computed in {{seconds}} s.',
      timeMs: 'Computed in {{ms}} ms.',
      terminating: 'Terminating hash',
      published: 'Published as chain #{{id}} on {{date}}.',
      notPublished: 'This is not the terminating hash of a chain published here.',
    },
    chains: {
      title: 'Published chains',
      text: 'Each chain’s terminating hash is public before its first round. Its salt is the hash of a block of a public chain announced with it, a block that did not exist yet: neither we nor anyone else could pick the salt to suit the chain, nor a chain to suit the salt.',
      none: 'No chain has been published yet.',
      status: { live: 'In play', next: 'Up next', finished: 'Finished' },
      games: '{{n}} games (0 – {{last}})',
      saltPending: 'Fixed when the chain’s first round starts',
      timeline: 'Timeline',
      publishedAt: 'Published {{date}}',
      saltFixedAt: 'salt fixed {{date}}',
      rounds: 'Rounds',
      range: '#{{first}} – #{{last}}',
      rangeLatest: 'up to #{{last}}',
      played: '{{n}} of {{total}} games played',
    },
    salt: {
      title: 'Where the salt comes from',
      text: 'The salt is the hash of a block of a public chain. The block’s height was announced with the hash chain, before the block existed, and the chain starts only once the block is there.',
      block: 'Salt block',
      blockValue: '{{chain}} · block #{{height}}',
      simulatedTag: 'simulated',
      announcedAt: 'height announced {{date}}',
      minedAt: 'block mined {{date}}',
      hash: 'Block hash',
      saltIs:
        'The salt is this hash written as 64 hex characters (without the 0x prefix), as the public algorithm reads a block hash.',
      pending_one:
        'Block #{{height}} does not exist yet with {{count}} confirmation. The chain starts once it does; its hash becomes the salt.',
      pending_other:
        'Block #{{height}} does not exist yet with {{count}} confirmations. The chain starts once it does; its hash becomes the salt.',
      confirmations_one: 'taken after {{count}} confirmation',
      confirmations_other: 'taken after {{count}} confirmations',
      matches: 'The salt is this block’s hash.',
      differs: 'The salt in the form is not this block’s hash.',
      check: 'Check it',
      explorer: 'Block #{{height}} on the explorer',
      node: 'Look up block #{{height}} on any {{chain}} explorer, or ask any {{chain}} node (eth_getBlockByNumber): its hash must be the salt, and its time later than the announcement.',
      simulated:
        'Simulated chain: this server runs without a node of a public chain (development or the demo), so the block and its hash come from the server’s own simulated chain. They cannot be checked anywhere else.',
      legacy:
        'Drawn by the server when the chain’s first round started: this chain was published before salts came from public blocks.',
      chains: {
        eth: 'Ethereum',
        bsc: 'BNB Smart Chain',
        btc: 'Bitcoin',
        ltc: 'Litecoin',
        doge: 'Dogecoin',
        trx: 'Tron',
      },
    },
    rounds: {
      title: 'Latest rounds',
      text: 'Every finished round with its hash. Open one to verify it.',
      failed: 'The rounds could not be loaded.',
      none: 'No round has finished yet.',
      round: 'Round',
      hash: 'Game hash',
      game: 'Chain · game',
      time: 'Time',
      verify: 'Verify round #{{round}} ({{point}}×)',
      more: 'Load older rounds',
    },
  },
  how: {
    crash: {
      title: 'Crash: a chain of hashes',
      text: 'Crash rounds are shared by every player, so they use no seed pair. Before a chain’s first round we generate it backwards from a secret seed, each hash the SHA-256 of the next one, and publish the SHA-256 of its first hash: the terminating hash. With it we announce a future block of a public chain; the chain starts only once that block exists, and its hash is the salt. Round after round plays the chain’s hashes in order; each is revealed when its round busts, and anyone can hash it forward to the published terminating hash. No one can compute the next round’s hash from the ones revealed.',
      link: 'A crash verify link is /fairness?verify=crash-round&hash=…&salt=…&edge=…&chain=…&index=…; the Crash tab lists the latest rounds and the published chains.',
    },
  },
};

export const fairnessCrashDe: Translation<typeof fairnessCrashEn> = {
  crash: {
    form: {
      title: 'Rundendetails',
      round: 'Runde',
      roundPlaceholder: 'Rundennummer',
      load: 'Laden',
      roundHint:
        'Lädt eine Runde über ihre Nummer mit den Werten, die der Server für sie veröffentlicht hat.',
      hash: 'Spiel-Hash',
      hashPlaceholder: '64 Hex-Zeichen, aufgedeckt, wenn die Runde crasht',
      salt: 'Salt',
      saltPlaceholder: 'Das Salt der Kette',
      edgeHint:
        'Der Hausvorteil, mit dem die Runde erstellt wurde; 1 %, sofern die Runde nichts anderes angibt.',
      chain: 'Hash-Kette',
      index: 'Spielindex in der Kette',
      indexHint: 'Die Position der Runde: 0 für die erste Runde der Kette, dann 1, 2, 3 …',
      terminating: 'End-Hash',
      terminatingPlaceholder: 'Vor der ersten Runde der Kette veröffentlicht',
      published: 'Veröffentlichte Ketten:',
      scheme: 'Verfahren',
      schemeHint:
        'Wie die Kette den HMAC in einen Crash-Punkt umrechnet; jede veröffentlichte Kette nennt ihres. Seit der Umstellung nutzt jede Kette den öffentlichen 32-Bit-Algorithmus.',
    },
    schemes: {
      hmac32: 'hmac32: erste 32 Bits, der öffentliche Algorithmus (aktuelle Ketten)',
      hmac52: 'hmac52: erste 52 Bits (unsere ersten Ketten)',
    },
    errors: {
      hash: 'Der Spiel-Hash hat 64 Hex-Zeichen.',
      salt: 'Gib das Salt der Kette dieser Runde ein (festgelegt beim Start der ersten Runde der Kette).',
      internal: 'Die Schritte ergeben nicht das Ergebnis des Spiels selbst. Bitte melde diese Runde.',
      scheme: 'Wähle das Verfahren der Kette: hmac32 oder hmac52.',
      index: 'Der Spielindex ist eine ganze Zahl ab 0.',
      terminating: 'Der End-Hash hat 64 Hex-Zeichen.',
      indexPastChain: 'Dieser Index liegt hinter dem Ende dieser Kette.',
      link: 'Einige Werte in diesem Link waren nicht lesbar und wurden weggelassen: {{keys}}.',
    },
    result: {
      title: 'Crash-Punkt',
      round: 'Runde #{{round}}',
      text: 'In deinem Browser nachgerechnet, mit demselben Code wie auf unseren Servern.',
      crashPoint: 'Crash-Punkt',
      recordedMatch: 'Stimmt mit den für Runde #{{round}} gespeicherten {{point}}× überein.',
      recordedDiffers: 'Weicht von den für Runde #{{round}} gespeicherten {{point}}× ab.',
      busted: 'Gecrasht',
      missing: 'Runde #{{round}} ist keine beendete Runde. Ihr Hash wird aufgedeckt, wenn sie crasht.',
      failed: 'Die Runde konnte nicht geladen werden. Du kannst ihre Werte trotzdem von Hand eingeben.',
      empty:
        'Wähle unten eine Runde oder gib einen Spiel-Hash und das Salt ein, um ihren Crash-Punkt nachzurechnen.',
    },
    steps: {
      title: 'Vom Spiel-Hash zum Crash-Punkt',
      text: 'Jeder Wert zwischen dem Hash der Runde und ihrem Crash-Punkt.',
      hmacTitle: 'HMAC-SHA256 des Salts, mit dem Spiel-Hash als Schlüssel',
      hmacNote:
        'Beide werden als Text verwendet. Die ersten {{chars}} Hex-Zeichen (hervorgehoben) sind die {{bits}} Bits, die die Runde nutzt.',
      bitsTitle: 'Die ersten {{bits}} Bits als Zahl',
      bitsNote32:
        'n ist gleichmäßig verteilt von 0 bis 2³² − 1; die öffentliche Formel ist max(1, 2³² / (n + 1) × (1 − Vorteil)), auf Hundertstel abgerundet angezeigt.',
      verifier32:
        'Das Verfahren hmac32 ist der veröffentlichte Crash-Algorithmus des großen Casinos (Stakes, mit dem Hausvorteil aus den Einstellungen statt seines festen 1 %): ein unabhängiger Crash-Prüfer dafür ergibt mit diesem Spiel-Hash und Salt bei 1 % Vorteil denselben Crash-Punkt.',
      verifierName:
        'Einer ist der quelloffene Prüfer „fair“: Sein crash::simulate ergibt mit diesem Spiel-Hash und diesem Salt als Block-Hash bei 1 % Vorteil diesen Crash-Punkt.',
      verifier52:
        'Das Verfahren hmac52 (unsere ersten Ketten) schlüsselt den HMAC wie der öffentliche Algorithmus, liest aber 52 Bits mit floor(99 / (1 − X)); kein unabhängiger Prüfer rechnet es nach, diese Seite schon.',
      bitsNote: 'X ist gleichmäßig verteilt, von 0 bis (ausschließlich) 1.',
      formulaTitle: 'Die Formel, in exakten ganzen Zahlen',
      exactNote:
        'Bei einem Hausvorteil von {{edge}} % ohne Rundung gerechnet: Der Crash-Punkt in Hundertsteln ist floor(N / D).',
      hundredths: 'Hundertstel',
      floorTitle: 'Mindestens 1,00×',
      belowOne:
        'Die Formel ergibt weniger als 1,00×: Die Runde crasht sofort bei 1,00×, und jede Wette darin verliert.',
    },
    chain: {
      title: 'Platz in der Hash-Kette',
      text: 'SHA-256 des Hashs einer Runde ist der Hash der vorherigen Runde. Vorwärts gehasht muss er den End-Hash erreichen, der vor dem Start der Kette veröffentlicht wurde.',
      needHash: 'Gib den Spiel-Hash ein, um die Kette abzugehen.',
      needIndex: 'Gib den Spielindex der Runde in ihrer Kette ein.',
      needTerminating: 'Gib den End-Hash der Kette ein oder wähle eine veröffentlichte Kette.',
      steps_one: 'Spiel {{index}}: SHA-256, {{n}}-mal angewendet, muss den End-Hash ergeben.',
      steps_other: 'Spiel {{index}}: SHA-256, {{n}}-mal angewendet, muss den End-Hash ergeben.',
      progress: 'Fortschritt der Kettenprüfung',
      hashed: '{{done}} / {{total}} Hashes · {{percent}} %',
      confirm:
        'Diese Runde ist {{n}} Hashes vom Ende ihrer Kette entfernt. Die Prüfung läuft in deinem Browser und kann eine Weile dauern.',
      start: 'Prüfung starten',
      stop: 'Anhalten',
      resume: 'Fortsetzen',
      first: 'Nach 1 Hash: der Hash von Spiel {{index}}, der Runde davor',
      reached_one: 'Nach {{n}} Hash',
      reached_other: 'Nach {{n}} Hashes',
      match_one: 'Erreicht den End-Hash nach {{n}} Hash: Diese Runde gehört zur Kette.',
      match_other: 'Erreicht den End-Hash nach {{n}} Hashes: Diese Runde gehört zur Kette.',
      mismatch_one: 'Erreicht den End-Hash nach {{n}} Hash nicht. Prüfe den Spielindex und die Kette.',
      mismatch_other: 'Erreicht den End-Hash nach {{n}} Hashes nicht. Prüfe den Spielindex und die Kette.',
      time: 'Berechnet in {{seconds}} s.',
      timeMs: 'Berechnet in {{ms}} ms.',
      terminating: 'End-Hash',
      published: 'Veröffentlicht als Kette #{{id}} am {{date}}.',
      notPublished: 'Das ist nicht der End-Hash einer hier veröffentlichten Kette.',
    },
    chains: {
      title: 'Veröffentlichte Ketten',
      text: 'Der End-Hash jeder Kette ist vor ihrer ersten Runde öffentlich. Ihr Salt ist der Hash eines Blocks einer öffentlichen Blockchain, der mit ihr angekündigt wurde und damals noch nicht existierte: Weder wir noch sonst jemand konnte das Salt passend zur Kette oder eine Kette passend zum Salt wählen.',
      none: 'Es wurde noch keine Kette veröffentlicht.',
      status: { live: 'Im Spiel', next: 'Als Nächstes', finished: 'Beendet' },
      games: '{{n}} Spiele (0 – {{last}})',
      saltPending: 'Wird beim Start der ersten Runde der Kette festgelegt',
      timeline: 'Zeitablauf',
      publishedAt: 'Veröffentlicht {{date}}',
      saltFixedAt: 'Salt festgelegt {{date}}',
      rounds: 'Runden',
      range: '#{{first}} – #{{last}}',
      rangeLatest: 'bis #{{last}}',
      played: '{{n}} von {{total}} Spielen gespielt',
    },
    salt: {
      title: 'Woher das Salt kommt',
      text: 'Das Salt ist der Hash eines Blocks einer öffentlichen Blockchain. Die Blockhöhe wurde mit der Hash-Kette angekündigt, bevor der Block existierte, und die Kette startet erst, wenn der Block da ist.',
      block: 'Salt-Block',
      blockValue: '{{chain}} · Block #{{height}}',
      simulatedTag: 'simuliert',
      announcedAt: 'Höhe angekündigt {{date}}',
      minedAt: 'Block erzeugt {{date}}',
      hash: 'Block-Hash',
      saltIs:
        'Das Salt ist dieser Hash als 64 Hex-Zeichen (ohne das Präfix 0x), so wie der öffentliche Algorithmus einen Block-Hash liest.',
      pending_one:
        'Block #{{height}} existiert noch nicht mit {{count}} Bestätigung. Die Kette startet, sobald er existiert; sein Hash wird das Salt.',
      pending_other:
        'Block #{{height}} existiert noch nicht mit {{count}} Bestätigungen. Die Kette startet, sobald er existiert; sein Hash wird das Salt.',
      confirmations_one: 'übernommen nach {{count}} Bestätigung',
      confirmations_other: 'übernommen nach {{count}} Bestätigungen',
      matches: 'Das Salt ist der Hash dieses Blocks.',
      differs: 'Das Salt im Formular ist nicht der Hash dieses Blocks.',
      check: 'Prüfen',
      explorer: 'Block #{{height}} im Explorer',
      node: 'Schlage Block #{{height}} in einem beliebigen {{chain}}-Explorer nach oder frage einen beliebigen {{chain}}-Knoten (eth_getBlockByNumber): Sein Hash muss das Salt sein, seine Zeit später als die Ankündigung.',
      simulated:
        'Simulierte Blockchain: Dieser Server läuft ohne Knoten einer öffentlichen Blockchain (Entwicklung oder Demo), daher stammen Block und Hash aus der eigenen simulierten Blockchain des Servers. Sie lassen sich nirgends sonst prüfen.',
      legacy:
        'Vom Server gezogen, als die erste Runde der Kette startete: Diese Kette wurde veröffentlicht, bevor Salts aus öffentlichen Blöcken kamen.',
      chains: {
        eth: 'Ethereum',
        bsc: 'BNB Smart Chain',
        btc: 'Bitcoin',
        ltc: 'Litecoin',
        doge: 'Dogecoin',
        trx: 'Tron',
      },
    },
    rounds: {
      title: 'Letzte Runden',
      text: 'Jede beendete Runde mit ihrem Hash. Öffne eine, um sie zu prüfen.',
      failed: 'Die Runden konnten nicht geladen werden.',
      none: 'Es ist noch keine Runde beendet.',
      round: 'Runde',
      hash: 'Spiel-Hash',
      game: 'Kette · Spiel',
      time: 'Zeit',
      verify: 'Runde #{{round}} prüfen ({{point}}×)',
      more: 'Ältere Runden laden',
    },
  },
  how: {
    crash: {
      title: 'Crash: eine Kette von Hashes',
      text: 'Crash-Runden teilen sich alle Spieler, daher nutzen sie kein Seed-Paar. Vor der ersten Runde einer Kette erzeugen wir sie rückwärts aus einem geheimen Seed, jeder Hash ist SHA-256 des nächsten, und veröffentlichen SHA-256 ihres ersten Hashs: den End-Hash. Mit ihm kündigen wir einen künftigen Block einer öffentlichen Blockchain an; die Kette startet erst, wenn dieser Block existiert, und sein Hash ist das Salt. Runde für Runde werden die Hashes der Kette der Reihe nach gespielt; jeder wird aufgedeckt, wenn seine Runde crasht, und jeder kann ihn vorwärts bis zum veröffentlichten End-Hash hashen. Den Hash der nächsten Runde kann niemand aus den aufgedeckten berechnen.',
      link: 'Ein Crash-Prüf-Link lautet /fairness?verify=crash-Runde&hash=…&salt=…&edge=…&chain=…&index=…; der Tab Crash listet die letzten Runden und die veröffentlichten Ketten.',
    },
  },
};

addTranslations('en', { fairnessUi: fairnessCrashEn });
addTranslations('de', { fairnessUi: fairnessCrashDe });
