import { describe, expect, it, vi } from 'vitest';
import type { ExtendedPlayResponse, TurnResponse } from '@nebula/contracts';
import type { ExtendedGameUi } from '../types';
import { type ExtendedApi, ExtendedSession } from './extended-session';
import type { PlayContext } from './session-types';

type Params = { mines: number };

const ui: ExtendedGameUi<Params, unknown> = {
  id: 'mines',
  kind: 'extended',
  defaultParams: { mines: 3 },
  Board: (() => null) as unknown as ExtendedGameUi<Params, unknown>['Board'],
  cashOut: true,
};

const context = (patch: Partial<PlayContext> = {}): PlayContext => ({
  currency: 'usdt',
  decimals: 8,
  demo: false,
  quick: false,
  signedIn: true,
  ...patch,
});

function round(
  patch: Partial<ExtendedPlayResponse['game']> & { canTake?: boolean; canCancel?: boolean } = {},
): ExtendedPlayResponse {
  const { canTake = false, canCancel = true, ...game } = patch;
  return {
    game: {
      id: 'mines',
      extendedId: '7',
      extendedState: 'in-progress',
      data: { revealed: [] },
      delay: 500,
      status: 'in-progress',
      win: false,
      multiplier: '0',
      wager: '1',
      payout: '0',
      profit: '0',
      currency: 'usdt',
      demo: false,
      ...game,
    },
    type: 'extended',
    id: '7',
    canBeFinished: canTake,
    canBeCancelled: canCancel,
  };
}

const turned = (r: ExtendedPlayResponse, result: TurnResponse['result']): TurnResponse => ({ ...r, result });

class CodedError extends Error {
  constructor(readonly code: number) {
    super(`code ${code}`);
  }
}

function setup(api: Partial<ExtendedApi>, ctx: Partial<PlayContext> = {}) {
  const full: ExtendedApi = {
    play: vi.fn(async () => round()),
    turn: vi.fn(async () => turned(round({ canTake: true, canCancel: false }), 'continue')),
    finish: vi.fn(async () => round()),
    restore: vi.fn(async () => ({ round: null })),
    ...api,
  };
  const onError = vi.fn();
  const onSettled = vi.fn();
  const session = new ExtendedSession<Params>({
    gameId: 'mines',
    ui,
    context: () => context(ctx),
    api: full,
    sound: { play: vi.fn() },
    onError,
    onBlocked: vi.fn(),
    onSettled,
    texts: { invalidWager: 'Invalid value' },
    sleep: async () => undefined,
  });
  session.setWagerText('1');
  return { session, api: full, onError, onSettled };
}

describe('ExtendedSession', () => {
  it('Play opens a round: wager and params lock; the button cancels before a decision', async () => {
    const { session, api } = setup({});
    await session.play();
    expect(api.play).toHaveBeenCalledWith(
      expect.objectContaining({ api_id: 'mines', bet: '1', data: { mines: 3 } }),
    );
    const state = session.store.getState();
    expect(state.round).toMatchObject({ state: 'in-progress', canCancel: true, last: 'start' });
    expect(session.locked).toBe(true);
    session.setParams({ mines: 5 });
    session.setWagerText('2');
    expect(session.store.getState().params).toEqual({ mines: 3 });
    expect(session.store.getState().wagerText).toBe('1');
    // A second Play while open does nothing; the button finishes (cancels) the round.
    await session.play();
    expect(api.play).toHaveBeenCalledTimes(1);
    session.press();
    await vi.waitFor(() => expect(api.finish).toHaveBeenCalledWith({ api_id: 'mines', id: '7' }));
  });

  it('a decision continues the round; Take ends it with the popup, history and the profit monitor', async () => {
    const { session, api, onSettled } = setup({
      finish: vi.fn(async () =>
        round({
          extendedState: 'finished',
          status: 'win',
          win: true,
          multiplier: '1.13',
          payout: '1.13',
          profit: '0.13',
          delay: 0,
          canCancel: false,
        }),
      ),
    });
    await session.play();
    await session.sendTurn({ cell: 4 });
    expect(api.turn).toHaveBeenCalledWith({ api_id: 'mines', id: '7', data: { cell: 4 }, quick: false });
    expect(session.store.getState().round).toMatchObject({ canTake: true, last: 'continue' });
    await session.finish();
    const state = session.store.getState();
    expect(state.round?.state).toBe('finished');
    expect(state.popup).toMatchObject({ kind: 'win', amount: '1.13', betId: '7' });
    expect(state.visitBets[0]).toMatchObject({ id: '7', profit: '0.13', status: 'win' });
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(session.locked).toBe(false);
  });

  it('a decision that ends the round shows the result once the board has animated it', async () => {
    vi.useFakeTimers();
    try {
      const { session, onSettled } = setup({
        turn: vi.fn(async () =>
          turned(
            round({
              extendedState: 'finished',
              status: 'lose',
              profit: '-1',
              multiplier: '0',
              canCancel: false,
            }),
            'lose',
          ),
        ),
      });
      await session.play();
      await session.sendTurn({ cell: 3 });
      expect(session.store.getState().round?.state).toBe('finished');
      expect(session.store.getState().popup).toBeNull();
      await vi.advanceTimersByTimeAsync(500);
      expect(session.store.getState().popup).toMatchObject({ kind: 'lose', amount: '-1' });
      expect(session.store.getState().visitBets).toHaveLength(1);
      expect(onSettled).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a cancelled round shows no popup and adds no history row', async () => {
    const { session, onSettled } = setup({
      finish: vi.fn(async () =>
        round({
          extendedState: 'finished',
          status: 'cancelled',
          profit: '0',
          multiplier: '1',
          canCancel: false,
        }),
      ),
    });
    await session.play();
    await session.finish();
    const state = session.store.getState();
    expect(state.round?.state).toBe('finished');
    expect(state.popup).toBeNull();
    expect(state.visitBets).toEqual([]);
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('Turn code 0 is retried; codes 1 and 2 reload the round with RestoreData', async () => {
    let calls = 0;
    const retried = setup({
      turn: vi.fn(async () => {
        calls += 1;
        if (calls < 3) throw new CodedError(0);
        return turned(round({ canTake: true, canCancel: false }), 'continue');
      }),
    });
    await retried.session.play();
    await retried.session.sendTurn({ cell: 1 });
    expect(retried.api.turn).toHaveBeenCalledTimes(3);
    expect(retried.onError).not.toHaveBeenCalled();

    const gone = setup({
      turn: vi.fn(async () => {
        throw new CodedError(1);
      }),
    });
    await gone.session.play();
    await gone.session.sendTurn({ cell: 1 });
    expect(gone.api.restore).toHaveBeenCalled();
    // The server has no open round any more: the board stops offering decisions.
    expect(gone.session.store.getState().round).toMatchObject({ state: 'finished', canTake: false });
    expect(gone.onError).not.toHaveBeenCalled();
  });

  it('restores an open round (and its wager) when the page loads; guests ask nothing', async () => {
    const { session } = setup({
      restore: vi.fn(async () => ({ round: round({ wager: '0.5', canTake: true, canCancel: false }) })),
    });
    await session.restore();
    expect(session.store.getState().round).toMatchObject({
      state: 'in-progress',
      last: 'restore',
      canTake: true,
    });
    expect(session.store.getState().wagerText).toBe('0.50000000');
    const guest = setup({}, { signedIn: false });
    await guest.session.restore();
    expect(guest.api.restore).not.toHaveBeenCalled();
  });

  it('a restored round brings its parameters back to the controls', async () => {
    const { session } = setup({
      restore: vi.fn(async () => ({ round: round({ params: { mines: 7 } }) })),
    });
    await session.restore();
    expect(session.store.getState().params).toMatchObject({ mines: 7 });
  });

  it('a failed Play reports the error and leaves no round', async () => {
    const { session, onError } = setup({
      play: vi.fn(async () => {
        throw new CodedError(-6);
      }),
    });
    await session.play();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(session.store.getState().round).toBeNull();
    expect(session.store.getState().busy).toBe(false);
  });
});
