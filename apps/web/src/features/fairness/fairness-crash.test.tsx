import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashChain, CrashResult } from '@nebula/contracts';
import { sha256Hex } from '@nebula/fairness';
import {
  crashPointFromHash,
  formatHundredths,
  generateChain,
  hashFromCheckpoints,
  hashTimes,
} from '@nebula/games';
import '../../lib/i18n';
import { buildCrashVerifyHref } from './crash-link';
import { chainInput } from './crash-verify-model';
import { FairnessPage } from './fairness-page';
import { BATCH, useChainWalk } from './use-chain-walk';

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiFetch,
}));

// A chain of 5 games published before the switch to hmac32 (so it plays hmac52), played as rounds
// 101..105, and the next chain (hmac32), not started yet.
const SALT = sha256Hex('salt');
const LENGTH = 5;
const generated = generateChain(sha256Hex('fairness-crash-test'), LENGTH, 1);
const HASHES = Array.from({ length: LENGTH }, (_, i) =>
  hashFromCheckpoints(generated.checkpoints, LENGTH, i),
);
const point = (hash: string) => formatHundredths(crashPointFromHash(hash, SALT, 100, 'hmac52'));
const ROUNDS: CrashResult[] = HASHES.map((hash, i) => ({
  id: String(101 + i),
  crashPoint: point(hash),
  hash,
  chainId: 3,
  chainIndex: i,
  houseEdgeBps: 100,
  scheme: 'hmac52' as const,
  bustedAt: new Date(Date.UTC(2026, 10, 22, 12, i)).toISOString(),
})).reverse();
const CHAINS: CrashChain[] = [
  {
    id: 4,
    terminatingHash: sha256Hex('next chain'),
    length: LENGTH,
    scheme: 'hmac32',
    salt: null,
    publishedAt: '2026-11-22T12:10:00.000Z',
    saltFixedAt: null,
  },
  {
    id: 3,
    terminatingHash: generated.terminatingHash,
    length: LENGTH,
    scheme: 'hmac52',
    salt: SALT,
    publishedAt: '2026-11-22T11:00:00.000Z',
    saltFixedAt: '2026-11-22T11:59:00.000Z',
  },
];

/** The server's CrashHistory over the rounds above. */
function history({ before, limit }: { before?: string; limit: number }) {
  const rounds = ROUNDS.filter((round) => before === undefined || BigInt(round.id) < BigInt(before));
  return { rounds: rounds.slice(0, limit), chains: CHAINS };
}

beforeEach(() => {
  apiFetch.mockImplementation(async (method: string, path: string, body: { event: string; data: never }) => {
    if (method !== 'POST' || path !== '/api/whisper' || body.event !== 'CrashHistory') {
      throw new Error(`unexpected call ${method} ${path}`);
    }
    return history(body.data);
  });
});

afterEach(() => {
  cleanup();
  apiFetch.mockReset();
});

function renderAt(href: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[href]}>
        <FairnessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function chainState(expected: string) {
  await waitFor(() => expect(screen.getByTestId('crash-chain').getAttribute('data-state')).toBe(expected));
}

describe('the Crash tab', () => {
  it('fills a short link from the server and verifies the round and its place in the chain', async () => {
    renderAt('/fairness?verify=crash-104');
    expect(screen.getByRole('tab', { name: 'Crash' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('crash-point').textContent).toBe(point(HASHES[3]!)));
    expect((screen.getByTestId('crash-hash') as HTMLInputElement).value).toBe(HASHES[3]);
    expect((screen.getByTestId('crash-salt') as HTMLInputElement).value).toBe(SALT);
    expect((screen.getByTestId('crash-index') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('crash-terminating') as HTMLInputElement).value).toBe(
      generated.terminatingHash,
    );
    expect(screen.getByTestId('crash-recorded').textContent).toContain('Matches');
    expect(screen.getByTestId('crash-outcome').textContent).toContain('Round #104');
    // The proof: the HMAC's first 13 hex characters are r.
    const hmac = screen.getByTestId('crash-hmac').textContent!;
    expect(BigInt(`0x${hmac.slice(0, 13)}`).toString()).toBe(screen.getByTestId('crash-r').textContent);

    await chainState('ok');
    expect(screen.getByTestId('crash-chain-final').textContent).toBe(generated.terminatingHash);
    expect(screen.getByTestId('crash-chain-result').textContent).toContain('after 4 hashes');
    expect(screen.getByTestId('crash-chain-published').textContent).toContain('chain #3');

    // The lists: both chains with their state, the rounds 101 to 105 played by chain 3, the rounds.
    await waitFor(() =>
      expect(screen.getByTestId('crash-chain-rounds').textContent).toContain('#101 – #105'),
    );
    const chains = screen.getAllByTestId('crash-chain-row');
    expect(chains.map((row) => row.textContent?.slice(0, 12))).toEqual([
      expect.stringContaining('#4'),
      expect.stringContaining('#3'),
    ]);
    expect(chains[0]!.textContent).toContain('Up next');
    expect(chains[0]!.textContent).toContain('Fixed when the chain’s first round starts');
    expect(chains[1]!.textContent).toContain('5 of 5 games played');
    const rows = screen.getAllByTestId('crash-round-row');
    expect(rows).toHaveLength(5);
    expect(rows[1]!.className).toContain('is-active');
    expect(rows[1]!.getAttribute('href')).toBe(
      buildCrashVerifyHref({
        round: '104',
        hash: HASHES[3]!,
        salt: SALT,
        edgeBps: 100,
        chainId: 3,
        index: 3,
        scheme: 'hmac52',
      }),
    );
  });

  it('opens a round from the list, and shows a hash at the wrong place as not in the chain', async () => {
    renderAt('/fairness');
    fireEvent.click(screen.getByRole('tab', { name: 'Crash' }));
    expect(screen.getByTestId('crash-outcome').textContent).toContain('Pick a round below');
    const rows = await screen.findAllByTestId('crash-round-row');
    fireEvent.click(rows[3]!); // round 102
    await waitFor(() => expect(screen.getByTestId('crash-outcome').textContent).toContain('Round #102'));
    expect(screen.getByTestId('crash-point').textContent).toBe(point(HASHES[1]!));
    await chainState('ok');

    // Index 2 is one game too far for this hash: 3 hashes go past the terminating hash.
    fireEvent.change(screen.getByTestId('crash-index'), { target: { value: '2' } });
    await chainState('bad');
    expect(screen.getByTestId('crash-chain-result').textContent).toContain('Does not reach');
  });

  it('recomputes on every edit and tells a different crash point from the recorded one', async () => {
    renderAt(
      buildCrashVerifyHref({
        round: '105',
        hash: HASHES[4]!,
        salt: SALT,
        edgeBps: 100,
        chainId: 3,
        index: 4,
        scheme: 'hmac52',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('crash-recorded').textContent).toContain('Matches'));
    fireEvent.change(screen.getByTestId('crash-salt'), { target: { value: 'another salt' } });
    const other = formatHundredths(crashPointFromHash(HASHES[4]!, 'another salt', 100, 'hmac52'));
    expect(screen.getByTestId('crash-point').textContent).toBe(other);
    expect(other).not.toBe(point(HASHES[4]!));
    expect(screen.getByTestId('crash-recorded').textContent).toContain('Differs');
    fireEvent.change(screen.getByTestId('crash-hash'), { target: { value: 'not a hash' } });
    expect(screen.getByTestId('crash-error').textContent).toContain('64 hex characters');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('crash-point').textContent).toBe(point(HASHES[4]!));
  });

  it('verifies a round of the public 32-bit scheme from game hash and salt alone (a real Stake round)', async () => {
    // Stake's crash game #1,126,614 (https://bitcointalk.org/index.php?topic=5162888.0, salt = bitcoin
    // block 584,500; result from https://github.com/lucasholder/fair/blob/master/src/games/crash.rs): 2.35x.
    renderAt(
      '/fairness?verify=crash-999&hash=5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e' +
        '&salt=0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4&edge=100&scheme=hmac32',
    );
    await waitFor(() => expect(screen.getByTestId('crash-point').textContent).toBe('2.35'));
    expect((screen.getByTestId('crash-scheme') as HTMLSelectElement).value).toBe('hmac32');
    const hmac = screen.getByTestId('crash-hmac').textContent!;
    expect(BigInt(`0x${hmac.slice(0, 8)}`).toString()).toBe(screen.getByTestId('crash-r').textContent);
    expect(screen.getByTestId('crash-verifier').textContent).toContain('third-party crash verifier');
    // The same hash and salt under the first scheme give another point.
    fireEvent.change(screen.getByTestId('crash-scheme'), { target: { value: 'hmac52' } });
    expect(screen.getByTestId('crash-point').textContent).toBe(
      formatHundredths(
        crashPointFromHash(
          '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e',
          '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
          100,
          'hmac52',
        ),
      ),
    );
  });

  it('reports unreadable link values and a round that has not finished', async () => {
    renderAt('/fairness?verify=crash-999&hash=xyz&index=-4');
    expect(within(screen.getByTestId('crash-form')).getByRole('alert').textContent).toContain('hash, index');
    await waitFor(() =>
      expect(screen.getByTestId('crash-outcome').textContent).toContain('not a finished round'),
    );
  });

  it('points a seed-pair crash link to the Crash tab, which How it works explains', () => {
    renderAt(`/fairness?verify=crash-${'a'.repeat(64)}-nebula-0`);
    expect(screen.getByRole('tab', { name: 'Verify' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('verify-error').textContent).toContain('verify them on the Crash tab');
    // The Crash tab loads nothing until it is opened.
    expect(screen.queryByTestId('crash-tab')).toBeNull();
    expect(apiFetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'How it works' }));
    const how = screen.getByTestId('fairness-how').textContent!;
    expect(how).toContain('Crash: a chain of hashes');
    expect(how).toContain('terminating hash = SHA256(hash[0])');
    expect(how).toContain('hmac32 (every chain since the switch): n = first 32 bits of h');
    // Which public verifier reproduces each game, and which parts are ours (issue G4 item 4).
    const verifiers = screen.getByTestId('fairness-verifiers').textContent!;
    expect(verifiers).toContain('the order they are dealt to player and banker');
    expect(verifiers).toContain('it reads one more float among the unrevealed cells');
    expect(verifiers).toContain('a public crash verifier of that casino');
  });
});

describe('useChainWalk', () => {
  const terminating = generated.terminatingHash;

  it('waits to be started above the automatic limit, then finishes', async () => {
    const input = chainInput(HASHES[4]!, '4', terminating);
    const { result } = renderHook(() => useChainWalk(input, { autoSteps: 2 }));
    expect(result.current.walk).toEqual({ status: 'confirm', total: 5 });
    act(() => result.current.start());
    await waitFor(() => expect(result.current.walk.status).toBe('done'));
    expect(result.current.walk).toMatchObject({
      total: 5,
      first: HASHES[3],
      final: terminating,
      match: true,
    });
  });

  it('hashes in slices, stops, and resumes where it stopped', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const start = sha256Hex('long walk');
      const steps = 3 * BATCH;
      const input = chainInput(start, String(steps - 1), terminating);
      // Slices of 0 ms: one batch each, one slice per timer.
      const { result } = renderHook(() => useChainWalk(input, { sliceMs: 0 }));
      expect(result.current.walk).toEqual({ status: 'running', done: 0, total: steps, first: null });
      act(() => vi.runOnlyPendingTimers());
      expect(result.current.walk).toEqual({
        status: 'running',
        done: 1 + BATCH,
        total: steps,
        first: sha256Hex(start),
      });
      act(() => result.current.stop());
      act(() => vi.runOnlyPendingTimers());
      expect(result.current.walk).toEqual({ status: 'stopped', done: 1 + BATCH, total: steps });
      act(() => result.current.start());
      act(() => vi.runAllTimers());
      expect(result.current.walk).toMatchObject({
        status: 'done',
        total: steps,
        final: hashTimes(start, steps),
        match: false,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is idle without complete input', () => {
    const { result } = renderHook(() => useChainWalk(chainInput('', '1', terminating)));
    expect(result.current.walk).toEqual({ status: 'idle' });
  });
});
