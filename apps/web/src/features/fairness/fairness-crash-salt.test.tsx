import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashChain, CrashResult } from '@nebula/contracts';
import { sha256Hex } from '@nebula/fairness';
import { crashPointFromHash, formatHundredths, generateChain, hashFromCheckpoints } from '@nebula/games';
import '../../lib/i18n';
import { buildCrashVerifyHref } from './crash-link';
import { chainOfSalt, saltOfBlockHash } from './crash-salt-block';
import { FairnessPage } from './fairness-page';

/**
 * Issue G4 item 2 on the Crash tab: each chain's salt is the hash of a public block announced with it.
 * The page shows the chain, the announced height, the block hash (compared with the salt) and where to
 * check it: the explorer link, any node of that chain, or "simulated" for the demo's own chain; chains
 * salted by the server before say so. And a round verifies from its game hash and salt alone.
 */
const apiFetch = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiFetch,
}));

const BLOCK_HASH = `0x${sha256Hex('block 19000003')}`;
const SALT = saltOfBlockHash(BLOCK_HASH);
const generated = generateChain(sha256Hex('salt-block-test'), 3, 1);
const HASHES = [0, 1, 2].map((i) => hashFromCheckpoints(generated.checkpoints, 3, i));
const point = (hash: string) => formatHundredths(crashPointFromHash(hash, SALT, 100, 'hmac32'));
const ROUNDS: CrashResult[] = HASHES.map((hash, i) => ({
  id: String(11 + i),
  crashPoint: point(hash),
  hash,
  chainId: 7,
  chainIndex: i,
  houseEdgeBps: 100,
  scheme: 'hmac32' as const,
  bustedAt: new Date(Date.UTC(2026, 10, 27, 6, i)).toISOString(),
})).reverse();
const chain = (over: Partial<CrashChain>): CrashChain => ({
  id: 0,
  terminatingHash: sha256Hex(`chain ${over.id}`),
  length: 3,
  scheme: 'hmac32',
  salt: null,
  publishedAt: '2026-11-27T05:00:00.000Z',
  saltFixedAt: null,
  ...over,
});
const CHAINS: CrashChain[] = [
  // Up next on the simulated chain, its block not there yet.
  chain({
    id: 9,
    saltBlock: {
      chain: 'eth',
      source: 'simulated',
      height: 882_600_000,
      confirmations: 1,
      announcedAt: '2026-11-27T06:00:00.000Z',
      hash: null,
      minedAt: null,
      explorerUrl: null,
    },
  }),
  // Salted from an EVM node without an explorer configured.
  chain({
    id: 8,
    salt: sha256Hex('eight'),
    saltFixedAt: '2026-11-27T05:40:00.000Z',
    saltBlock: {
      chain: 'bsc',
      source: 'evm',
      height: 4_000_001,
      confirmations: 15,
      announcedAt: '2026-11-27T05:30:00.000Z',
      hash: `0x${sha256Hex('eight')}`,
      minedAt: '2026-11-27T05:35:00.000Z',
      explorerUrl: null,
    },
  }),
  // The chain of the rounds: salted from Ethereum block 19,000,003, with the operator's explorer.
  {
    ...chain({ id: 7 }),
    terminatingHash: generated.terminatingHash,
    salt: SALT,
    saltFixedAt: '2026-11-27T05:03:00.000Z',
    saltBlock: {
      chain: 'eth',
      source: 'evm',
      height: 19_000_003,
      confirmations: 12,
      announcedAt: '2026-11-27T05:00:00.000Z',
      hash: BLOCK_HASH,
      minedAt: '2026-11-27T05:01:00.000Z',
      explorerUrl: 'https://etherscan.io/block/19000003',
    },
  },
  // Salted by the server before block salts.
  chain({ id: 6, salt: sha256Hex('six'), saltFixedAt: '2026-11-20T00:00:00.000Z', saltBlock: null }),
];

beforeEach(() => {
  apiFetch.mockImplementation(async (method: string, path: string, body: { event: string; data: never }) => {
    if (method !== 'POST' || path !== '/api/whisper' || body.event !== 'CrashHistory') {
      throw new Error(`unexpected call ${method} ${path}`);
    }
    const { before, limit } = body.data as { before?: string; limit: number };
    const rounds = ROUNDS.filter((round) => before === undefined || BigInt(round.id) < BigInt(before));
    return { rounds: rounds.slice(0, limit), chains: CHAINS };
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

describe('where a crash salt comes from', () => {
  it('shows the round’s block: chain, height, hash equal to the salt, and the explorer link', async () => {
    renderAt('/fairness?verify=crash-12');
    await waitFor(() => expect(screen.getByTestId('crash-point').textContent).toBe(point(HASHES[1]!)));
    const card = await screen.findByTestId('crash-salt-card');
    expect(card.getAttribute('data-source')).toBe('evm');
    expect(within(card).getByTestId('crash-salt-title').textContent).toBe('Ethereum · block #19000003');
    expect(within(card).queryByTestId('crash-salt-simulated')).toBeNull();
    expect(within(card).getByTestId('crash-salt-hash').textContent).toBe(BLOCK_HASH);
    expect(within(card).getByTestId('crash-salt-match').textContent).toBe('The salt is this block’s hash.');
    expect(card.textContent).toContain('taken after 12 confirmations');
    const link = within(card).getByTestId('crash-salt-check');
    expect(link.getAttribute('data-kind')).toBe('explorer');
    expect(link.getAttribute('href')).toBe('https://etherscan.io/block/19000003');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // Another salt in the form is not this block's hash.
    fireEvent.change(screen.getByTestId('crash-salt'), { target: { value: sha256Hex('other') } });
    expect(within(card).getByTestId('crash-salt-match').textContent).toBe(
      'The salt in the form is not this block’s hash.',
    );
    expect(card.className).toContain('is-broken');
  });

  it('lists every chain’s block: pending and simulated, from a node without explorer, drawn by the server', async () => {
    renderAt('/fairness?verify=crash-13');
    await waitFor(() => expect(screen.getAllByTestId('crash-chain-row')).toHaveLength(4));
    const rows = screen.getAllByTestId('crash-chain-row');
    const block = (row: HTMLElement) => within(row).getByTestId('crash-salt-block');

    expect(block(rows[0]!).getAttribute('data-source')).toBe('simulated');
    expect(block(rows[0]!).textContent).toContain('Ethereum · block #882600000');
    expect(within(rows[0]!).getByTestId('crash-salt-simulated').textContent).toBe('simulated');
    expect(block(rows[0]!).textContent).toContain(
      'Block #882600000 does not exist yet with 1 confirmation. The chain starts once it does',
    );

    expect(block(rows[1]!).textContent).toContain('BNB Smart Chain · block #4000001');
    expect(block(rows[1]!).textContent).toContain('taken after 15 confirmations');
    expect(within(rows[2]!).getByTestId('crash-salt-check').getAttribute('href')).toBe(
      'https://etherscan.io/block/19000003',
    );
    expect(block(rows[3]!).getAttribute('data-source')).toBe('server');
    expect(block(rows[3]!).textContent).toContain('Drawn by the server');
  });

  it('says the block of the simulated chain cannot be checked elsewhere, and how to check a node’s', async () => {
    const simulated = CHAINS[0]!;
    renderAt(
      buildCrashVerifyHref({ round: '12', hash: HASHES[1]!, salt: SALT, edgeBps: 100, chainId: 9, index: 1 }),
    );
    let card = await screen.findByTestId('crash-salt-card');
    await waitFor(() => expect(card.getAttribute('data-source')).toBe('simulated'));
    card = screen.getByTestId('crash-salt-card');
    expect(within(card).getByTestId('crash-salt-simulated')).toBeTruthy();
    expect(within(card).getByTestId('crash-salt-pending').textContent).toContain(
      `Block #${simulated.saltBlock!.height} does not exist yet`,
    );
    const note = within(card).getByTestId('crash-salt-check');
    expect(note.getAttribute('data-kind')).toBe('simulated');
    expect(note.textContent).toContain('cannot be checked anywhere else');
    cleanup();

    renderAt(
      buildCrashVerifyHref({
        round: '12',
        hash: HASHES[1]!,
        salt: sha256Hex('eight'),
        edgeBps: 100,
        chainId: 8,
        index: 1,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('crash-salt-card').getAttribute('data-source')).toBe('evm'),
    );
    const node = within(screen.getByTestId('crash-salt-card')).getByTestId('crash-salt-check');
    expect(node.getAttribute('data-kind')).toBe('node');
    expect(node.textContent).toContain('Look up block #4000001 on any BNB Smart Chain explorer');
  });

  it('verifies a round from its game hash and salt alone, names the third-party verifier and finds the block', async () => {
    renderAt(`/fairness?verify=crash-999&hash=${HASHES[0]}&salt=${SALT}&scheme=hmac32`);
    await waitFor(() => expect(screen.getByTestId('crash-point').textContent).toBe(point(HASHES[0]!)));
    const steps = screen.getByTestId('crash-steps');
    expect(within(steps).getByTestId('crash-hmac').textContent).toMatch(/^[0-9a-f]{64}$/);
    const verifier = screen.getByTestId('crash-verifier');
    expect(verifier.textContent).toContain('third-party crash verifier');
    expect(verifier.textContent).toContain('open-source verifier “fair”');
    expect(within(verifier).getByRole('link').getAttribute('href')).toBe(
      'https://github.com/lucasholder/fair',
    );
    // No chain in the link: the salt alone finds the published chain and its block.
    await waitFor(() =>
      expect(within(screen.getByTestId('crash-salt-card')).getByTestId('crash-salt-hash').textContent).toBe(
        BLOCK_HASH,
      ),
    );
  });
});

describe('chainOfSalt', () => {
  it('prefers the known chain, else the published chain with that salt (any case), else none', () => {
    expect(chainOfSalt(CHAINS, CHAINS[3]!, SALT)?.id).toBe(6);
    expect(chainOfSalt(CHAINS, null, ` ${SALT.toUpperCase()} `)?.id).toBe(7);
    expect(chainOfSalt(CHAINS, null, sha256Hex('nobody'))).toBeNull();
    expect(chainOfSalt(CHAINS, null, '')).toBeNull();
    expect(saltOfBlockHash('0xABCDEF')).toBe('abcdef');
  });
});
