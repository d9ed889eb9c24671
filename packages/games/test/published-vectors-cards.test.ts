/**
 * Published vectors of the large casino for the card stream (hilo, blackjack, baccarat, video poker):
 * the sources, what they are and what is not covered are in published-vectors.test.ts.
 */
import { cardFromIndex, cardIndexFromFloat, floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { floatSource, hilo, replayExtended, videopoker } from '../src/index.js';

const EDGE_1_PERCENT = 100;

/** A card as the casino's page prints it, e.g. `Q-spade`, `10-diamond`. */
function cardText(index: number): string {
  const card = cardFromIndex(index);
  return `${card.rank}-${card.suit.slice(0, -1)}`;
}

/** The first `count` cards of a bet's unlimited-deck card stream: `floor(float * 52)` per float. */
function cardStream(serverSeed: string, clientSeed: string, nonce: number, count: number): string[] {
  return floats(serverSeed, clientSeed, nonce, count).map((value) => cardText(cardIndexFromFloat(value)));
}

describe('cards (CALC)', () => {
  it('hilo: the 52 published cards of each bet, and our skip draws the next one of them', () => {
    // vfs@45c4bd42:hilo.json, nonces 0 and 9.
    const serverSeed = '412780c6e08859f955318b5c7c75e288';
    const clientSeed = '54560a34f054ad0c19edac66cf6b8e45';
    const published: Record<number, string> = {
      0:
        '8-diamond 6-spade 5-spade 5-club Q-club K-spade 9-spade 8-heart 9-diamond 7-diamond J-club 2-heart ' +
        '8-heart K-club Q-diamond 5-spade 6-heart 7-heart 5-diamond 10-diamond 4-heart 9-spade 2-diamond ' +
        '10-club 4-heart 5-diamond Q-club 9-diamond 9-heart 6-spade 3-heart J-diamond 10-diamond 7-heart ' +
        'Q-heart J-spade 7-diamond J-diamond 3-heart A-heart K-heart 9-spade 4-club 9-spade 7-diamond ' +
        '8-diamond K-spade J-heart K-spade 2-heart 5-spade J-diamond',
      9:
        '10-diamond 4-spade 3-diamond 4-club 3-spade 2-spade 5-diamond 8-club A-diamond K-spade A-diamond ' +
        '8-diamond Q-spade J-diamond 7-club 6-heart A-diamond 3-spade J-spade J-spade 9-spade 5-diamond ' +
        '9-spade 10-club 6-club 2-club 7-spade 4-spade 7-heart 7-club 9-club A-diamond 4-heart 2-spade ' +
        '9-spade A-spade J-diamond 6-spade A-heart J-heart K-diamond 10-spade A-club A-heart J-spade ' +
        'K-spade Q-club 7-diamond 10-spade 2-heart Q-club 8-diamond',
    };
    for (const [nonce, text] of Object.entries(published)) {
      const cards = text.split(' ');
      expect(cards).toHaveLength(52);
      expect(cardStream(serverSeed, clientSeed, Number(nonce), 52), `nonce ${nonce}`).toEqual(cards);
      // Our hilo: the first card, then 51 skips, each drawing the next card of the same stream.
      const skips = Array.from({ length: 51 }, () => ({ skip: true }) as const);
      const round = replayExtended(
        hilo,
        {},
        skips,
        floatSource(serverSeed, clientSeed, Number(nonce)),
        EDGE_1_PERCENT,
      );
      expect(round.state.cards.map((entry) => cardText(entry.card))).toEqual(cards);
    }
  });

  it('blackjack: the published 52-card stream', () => {
    // vfs@7e10253d:blackjack.json, nonce 0 (its playerCards, dealerCards and remainingCards are the page's 52
    // cards in order, split 2 / 2 / 48 by the extractor, scripts/games/blackjack.ts).
    const serverSeed = '28ca8b5734401f5236ccb305e4526d07';
    const clientSeed = 'b42fa130a68dfe8133fa268d5fb34cbe';
    const cards = (
      '4-heart Q-heart 4-club 2-club Q-spade 5-heart 9-heart 10-heart 2-club 2-diamond 8-club 3-club ' +
      '8-club K-club J-spade 6-diamond 8-heart K-club 4-diamond A-spade 6-club K-heart A-heart Q-heart ' +
      '6-heart 8-club 9-spade Q-diamond 9-spade 4-club 4-club J-club 8-spade 5-club 2-diamond 6-club ' +
      'K-spade 5-spade J-diamond Q-club J-spade Q-spade J-club 2-club J-heart 5-heart Q-heart 4-club ' +
      '4-club 7-club 9-club 2-spade'
    ).split(' ');
    expect(cards).toHaveLength(52);
    expect(cardStream(serverSeed, clientSeed, 0, 52)).toEqual(cards);
  });

  it('baccarat: the six published cards of each bet', () => {
    // vfs@4ee7ace3:baccarat.json, nonces 0..9 (playerCards, dealerCards, deciderCards: the page's six cards
    // in order, split 2 / 2 / 2 by the extractor, scripts/games/baccarat.ts). Which of them go to player and
    // banker is ours (decision 0011).
    const serverSeed = '3c382bcdaa7a266bb839405f8a5c0440';
    const clientSeed = '9d1a65292e3273961d48aa30ce87d0e2';
    const published = [
      'Q-spade 10-diamond 5-spade J-heart 9-heart K-spade',
      '7-diamond 6-diamond 8-club 5-club 5-diamond 10-diamond',
      '6-club 3-club 8-heart K-spade 5-spade 8-diamond',
      '4-spade Q-spade 10-diamond 8-diamond 10-diamond 2-diamond',
      '8-club 8-diamond 7-club A-club 3-club 9-diamond',
      'A-spade A-spade 8-diamond 4-spade 2-heart 10-diamond',
      '9-spade 7-spade 8-club 8-diamond 10-heart Q-heart',
      '4-club 8-heart 10-diamond Q-diamond 4-heart 2-diamond',
      'J-heart 8-club 2-heart K-spade 2-diamond 2-heart',
      '7-diamond J-diamond 4-club 8-diamond 2-club 8-spade',
    ];
    published.forEach((text, nonce) => {
      expect(cardStream(serverSeed, clientSeed, nonce, 6), `nonce ${nonce}`).toEqual(text.split(' '));
    });
  });

  it('baccarat: the README examples of the verifier "fair", stated to match the casino', () => {
    // https://github.com/lucasholder/fair/blob/1113b305aff0d67ac6aa7edbbcc59921921d5896/README.md: nonce 2,
    // "Player (9): ♦9 - ♦10 / Banker (7): ♥4 - ♦3 ... As expected, we get the same result as on Stake.com"
    // (linking the casino's verify dialog for those seeds); https://docs.rs/crate/fair/0.0.5 (README):
    // nonce 1, "Player (9): ♠J - ♥10 - ♥9 / Banker (5): ♥5 - ♣K", same sentence. "fair" deals player,
    // player, banker, banker, then the third cards (src/games/baccarat.rs), so the streams are:
    expect(cardStream('server seed', 'client seed', 2, 4)).toEqual([
      '9-diamond',
      '10-diamond',
      '4-heart',
      '3-diamond',
    ]);
    expect(cardStream('server seed', 'client seed', 1, 5)).toEqual([
      'J-spade',
      '10-heart',
      '5-heart',
      'K-club',
      '9-heart',
    ]);
  });

  it('video poker: the published first hand and the five cards that follow (one deck, no replacement)', () => {
    // vfs@45c4bd42:videopoker.json, nonces 0..9: initialHand, then comingHand.
    const serverSeed = '51b5258b38fef00c9887b7ad6c728035';
    const clientSeed = '6ec29c0c4180fd3f802534e6c98810ff';
    const published = [
      '5-spade A-spade J-spade Q-spade J-heart | 8-diamond 5-heart J-diamond K-spade 8-heart',
      '4-club 5-club 7-club Q-spade 8-club | 6-diamond A-heart J-club Q-heart J-spade',
      '9-diamond 6-club 9-spade Q-club 2-heart | 7-heart 6-spade J-club 6-diamond Q-diamond',
      '8-spade 2-spade 4-spade 5-club 7-spade | 6-diamond 3-heart 4-heart 10-diamond J-heart',
      '8-heart Q-club 3-club 7-diamond Q-heart | K-heart 5-heart 9-club 2-club 3-heart',
      '8-diamond 6-club 6-spade Q-heart 10-club | Q-club A-club 4-heart 7-spade 10-heart',
      '5-spade 9-spade 4-diamond Q-heart 5-heart | K-spade J-heart 5-club Q-spade 10-diamond',
      '3-diamond A-diamond Q-heart 9-diamond 9-spade | J-spade 2-club 8-club A-spade 2-diamond',
      'A-spade 10-diamond 3-spade 9-diamond 4-diamond | 6-club Q-diamond K-diamond 4-spade 5-club',
      'J-spade J-club 8-heart 3-club 4-spade | 8-spade 4-heart 3-spade 7-diamond 2-diamond',
    ];
    published.forEach((text, nonce) => {
      const [first = '', coming = ''] = text.split(' | ');
      const { state } = videopoker.start({}, floatSource(serverSeed, clientSeed, nonce), EDGE_1_PERCENT);
      expect(state.cards.map(cardText), `nonce ${nonce}, first hand`).toEqual(first.split(' '));
      expect(state.deck.slice(5).map(cardText), `nonce ${nonce}, next five`).toEqual(coming.split(' '));
    });
  });
});
