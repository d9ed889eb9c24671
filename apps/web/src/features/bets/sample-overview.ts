import type { BetOverview } from '@nebula/contracts';

/** An `Info` answer as the server sends it (a revealed dice bet), for the tests. */
export const SAMPLE_OVERVIEW: BetOverview = {
  info: {
    _id: '35',
    id: '35',
    game: 'dice',
    user: '6a214a78-c66a-4fef-bb7f-78d08d9e80b5',
    currency: 'btc',
    splitTotal: '0.0001',
    wager: '0.0001',
    payout: '0.00019801',
    multiplier: '1.98019800',
    profit: '0.00009801',
    status: 'win',
    demo: false,
    server_seed: '4a69f3969a44f9f3a13d730bd27bfcd11a0048040ea22e22cd2537577a3aa34b',
    server_seed_hash: 'fb942937ebe2fb69a90a6763e72071451d18c3ccf4ae4400d661b80323880105',
    client_seed: '473aa8851b26795a37817b00',
    nonce: 0,
    params: { target: 5000, condition: 'over' },
    outcome: { roll: 7947 },
    house_edge_bps: 100,
    created_at: '2026-11-22T08:03:12.752Z',
  },
  metadata: { id: 'dice', name: 'Dice' },
  user: { _id: '6a214a78-c66a-4fef-bb7f-78d08d9e80b5', name: 'player', private_bets: false },
};

/**
 * An extended round's `Info` answer (a mines bet taken after three safe cells, replayed from these
 * seeds: mines on 6, 9 and 23), for the tests of the `&actions=` verify link.
 */
export const SAMPLE_MINES_OVERVIEW: BetOverview = {
  info: {
    ...SAMPLE_OVERVIEW.info,
    _id: '36',
    id: '36',
    game: 'mines',
    payout: '0.00014785',
    multiplier: '1.47857142',
    profit: '0.00004785',
    nonce: 1,
    params: { mines: 3 },
    outcome: {
      actions: [{ cell: 7 }, { cell: 14 }, { cell: 0 }],
      state: { mineCount: 3, mines: [6, 9, 23], revealed: [7, 14, 0], hit: null, status: 'open' },
    },
  },
  metadata: { id: 'mines', name: 'Mines' },
  user: SAMPLE_OVERVIEW.user,
};
