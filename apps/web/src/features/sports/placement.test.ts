import { describe, expect, it } from 'vitest';
import type { SportBet, SportPlaceBetResponse } from '@nebula/contracts';
import { SportSlipErrorCode } from '@nebula/contracts/constants';
import {
  MAX_CONFIRM_ATTEMPTS,
  TOO_FAST_RETRY_MS,
  newRequestId,
  placeBet,
  type PlacementDeps,
} from './placement';

const bet = { id: '7' } as SportBet;

class Refusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A fake clock whose sleeps advance it; calls are recorded with the time they were made at. */
function harness(answer: SportPlaceBetResponse, confirmations: (() => { bet: SportBet })[]) {
  let now = 50_000;
  const log: string[] = [];
  const deps: PlacementDeps = {
    place: async () => {
      log.push(`place@${now}`);
      return answer;
    },
    confirm: async (queueId) => {
      log.push(`confirm ${queueId}@${now}`);
      const next = confirmations.shift();
      if (!next) throw new Error('unexpected confirm');
      return next();
    },
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return { deps, log };
}

const queued = (delayMs: number, skewMs = 0): SportPlaceBetResponse => ({
  status: 'queued',
  queue: {
    queueId: '42',
    // The server's clock is `skewMs` ahead of ours: only the differences count.
    serverTime: new Date(1_000_000 + skewMs).toISOString(),
    confirmAfter: new Date(1_000_000 + skewMs + delayMs).toISOString(),
    expiresAt: new Date(1_000_000 + skewMs + delayMs + 10_000).toISOString(),
    delayMs,
  },
});

describe('placing a bet of the slip', () => {
  it('returns a pre-match bet at once', async () => {
    const { deps, log } = harness({ status: 'placed', bet }, []);
    await expect(placeBet(deps, {} as never)).resolves.toBe(bet);
    expect(log).toEqual(['place@50000']);
  });

  it("waits out a live bet's delay by the server's clock, then confirms", async () => {
    const { deps, log } = harness(queued(4000, 3_600_000), [() => ({ bet })]);
    const seen: number[] = [];
    await expect(placeBet(deps, {} as never, { onQueued: (info) => seen.push(info.dueAt) })).resolves.toBe(
      bet,
    );
    expect(seen).toEqual([54_000]);
    expect(log).toEqual(['place@50000', 'confirm 42@54000']);
  });

  it("reports 'You're too fast' and confirms again a moment later", async () => {
    const tooFast = () => {
      throw new Refusal(SportSlipErrorCode.TooEarly);
    };
    const { deps, log } = harness(queued(0), [tooFast, () => ({ bet })]);
    const reported: unknown[] = [];
    await expect(placeBet(deps, {} as never, { onTooEarly: (error) => reported.push(error) })).resolves.toBe(
      bet,
    );
    expect(reported).toHaveLength(1);
    expect(log).toEqual(['place@50000', 'confirm 42@50000', `confirm 42@${50_000 + TOO_FAST_RETRY_MS}`]);
  });

  it('passes every other refusal on (odds changed, too late...)', async () => {
    const changed = () => {
      throw new Refusal(SportSlipErrorCode.OddsChanged);
    };
    const { deps } = harness(queued(1000), [changed]);
    await expect(placeBet(deps, {} as never)).rejects.toMatchObject({ code: SportSlipErrorCode.OddsChanged });
  });

  it('stops retrying after a bounded number of attempts', async () => {
    const tooFast = () => {
      throw new Refusal(SportSlipErrorCode.TooEarly);
    };
    const answers = Array.from({ length: MAX_CONFIRM_ATTEMPTS + 5 }, () => tooFast);
    const { deps, log } = harness(queued(0, 0), answers);
    await expect(placeBet(deps, {} as never)).rejects.toMatchObject({ code: SportSlipErrorCode.TooEarly });
    // The entry expires 10 s after it is due: one try a second, then the last answer passes on.
    expect(log.filter((line) => line.startsWith('confirm')).length).toBeLessThanOrEqual(MAX_CONFIRM_ATTEMPTS);
  });

  it('makes request ids the contract accepts', () => {
    expect(newRequestId(() => '0b8f4f9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('a live bet whose queueing call fails', () => {
  const failing = (error: unknown): PlacementDeps => ({
    place: async () => {
      throw error;
    },
    confirm: async () => {
      throw new Error('unexpected confirm');
    },
    now: () => 0,
    sleep: async () => undefined,
  });
  const transport = (status: number, code: string) => Object.assign(new Error(code), { status, code });

  it('is "failed to queue" when the network or the server failed', async () => {
    for (const error of [transport(0, 'network_error'), transport(502, 'bad_gateway'), new TypeError('x')])
      await expect(placeBet(failing(error), {} as never, {}, true)).rejects.toMatchObject({
        code: SportSlipErrorCode.FailedToQueue,
      });
  });

  it("keeps the server's own refusal, and a pre-match bet's failure as it was", async () => {
    const refusal = transport(422, SportSlipErrorCode.OptionClosed);
    await expect(placeBet(failing(refusal), {} as never, {}, true)).rejects.toBe(refusal);
    const failed = transport(422, SportSlipErrorCode.FailedToQueue);
    await expect(placeBet(failing(failed), {} as never, {}, true)).rejects.toBe(failed);
    const network = transport(0, 'network_error');
    await expect(placeBet(failing(network), {} as never, {}, false)).rejects.toBe(network);
  });
});
