import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { floats } from '@nebula/fairness';
import { minesMultiplier, placeMines, ratioToDecimal, verifyExtended } from '@nebula/games';
import '../../lib/i18n';
import { EXTENDED_IDS, testRound } from './extended-test-rounds';
import { FairnessPage } from './fairness-page';
import { buildVerifyHref } from './parse-verify';
import { SEED, SEED_HASH } from './test-vectors';

function renderAt(href: string) {
  return render(
    <MemoryRouter initialEntries={[href]}>
      <FairnessPage />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

// The board of (SEED, "nebula", 0) with 3 mines, derived from the floats without the page's code.
const MINES = placeMines(floats(SEED, 'nebula', 0, 3));
const SAFE = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !MINES.includes(cell));

function minesLink(actions: unknown[]) {
  return buildVerifyHref({
    game: 'mines',
    serverSeed: SEED,
    clientSeed: 'nebula',
    nonce: 0,
    params: { mines: 3 },
    edgeBps: 100,
    actions,
  });
}

describe('FairnessPage, extended games', () => {
  it('verifies a mines link: hash, board, decisions, floats and multiplier', () => {
    const actions = [{ cell: SAFE[0] }, { cell: SAFE[5] }];
    renderAt(minesLink(actions));

    expect(screen.getByTestId('verify-hash').textContent).toBe(SEED_HASH);
    expect(screen.getByTestId('verify-multiplier').textContent).toBe(
      ratioToDecimal(minesMultiplier(3, 2, 100), 8),
    );
    expect(screen.getByTestId('verify-ending').textContent).toBe('Cashed out');
    expect(within(screen.getByTestId('verify-outcome')).queryByRole('alert')).toBeNull();

    // The board shows every mine and the two safe cells found, numbered in reveal order.
    const board = screen.getByTestId('verify-mines-board');
    const cellsWith = (state: string) =>
      [...board.querySelectorAll(`.${state}`)].map((cell) => Number(cell.getAttribute('data-cell')));
    expect(cellsWith('is-mine')).toEqual(MINES);
    expect(cellsWith('is-revealed')).toEqual([SAFE[0], SAFE[5]].sort((a, b) => a! - b!));
    expect(cellsWith('is-hit')).toEqual([]);

    // Start, two decisions, then the cash out; each with its step result.
    const decisions = within(screen.getByTestId('verify-decisions'));
    const types = decisions.getAllByTestId('verify-decision-type').map((badge) => badge.textContent);
    expect(types).toEqual(['Continue', 'Continue', 'Continue']);
    expect(decisions.getAllByTestId('verify-decision')).toHaveLength(4);
    expect(decisions.getByText('Round opened')).toBeTruthy();
    const row = Math.floor(SAFE[0]! / 5) + 1;
    const column = (SAFE[0]! % 5) + 1;
    expect(decisions.getByText(`Cell #${SAFE[0]} (row ${row}, column ${column})`)).toBeTruthy();
    expect(decisions.getByText('Took the win (cash out): the round pays what it stood at')).toBeTruthy();

    // The three floats that placed the mines, each with its bytes and the step that read it.
    const rows = screen.getByTestId('verify-floats').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Start');
    expect(rows[0]!.textContent).toContain('floor(f × 25)');
    expect(rows[0]!.textContent).toContain('mine');

    // The decisions editor holds the link's decisions, one per line.
    const editor = screen.getByTestId('param-extended-actions') as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual(actions);
  });

  it('recomputes as the decisions are edited: a mine loses, a repeated cell is refused', () => {
    renderAt(minesLink([{ cell: SAFE[0] }]));
    const editor = screen.getByTestId('param-extended-actions');

    fireEvent.change(editor, { target: { value: JSON.stringify([{ cell: SAFE[0] }, { cell: MINES[1] }]) } });
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('0.00000000');
    expect(screen.getByTestId('verify-ending').textContent).toBe('Lost');
    const types = screen.getAllByTestId('verify-decision-type').map((badge) => badge.textContent);
    expect(types).toEqual(['Continue', 'Continue', 'Lose']);
    expect(screen.getByTestId('verify-mines-board').querySelector('.is-hit')?.getAttribute('data-cell')).toBe(
      String(MINES[1]),
    );

    fireEvent.change(editor, { target: { value: JSON.stringify([{ cell: SAFE[0] }, { cell: SAFE[0] }]) } });
    const error = screen.getByTestId('verify-error').textContent;
    expect(error).toContain('A decision is not allowed');
    expect(error).toContain('Decision 2 is not allowed');
    expect(screen.getByTestId('verify-hash').textContent).toBe(SEED_HASH);

    fireEvent.change(editor, { target: { value: '[{' } });
    expect(screen.getByTestId('verify-error').textContent).toContain('The decisions are not valid JSON');
  });

  it.each(EXTENDED_IDS)('verifies a %s round from its link', (game) => {
    const round = testRound(game);
    const expected = verifyExtended(game, SEED, 'nebula', 0, round.params, round.actions, 100);
    renderAt(
      buildVerifyHref({
        game,
        serverSeed: SEED,
        clientSeed: 'nebula',
        nonce: 0,
        params: round.params,
        edgeBps: 100,
        actions: round.actions,
      }),
    );
    expect(within(screen.getByTestId('verify-outcome')).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('verify-multiplier').textContent).toBe(expected.multiplierDecimal);
    expect(screen.getAllByTestId('verify-decision-type')).toHaveLength(expected.steps.length);
    expect(screen.getByTestId('verify-floats').querySelectorAll('tbody tr')).toHaveLength(
      expected.floats.length,
    );
    // No JSON fallback: every registered game has its own drawing.
    expect(screen.queryByText('Final state (JSON)')).toBeNull();
  });

  it('says when the decisions in a link cannot be read', () => {
    renderAt(`/fairness?verify=mines-${SEED}-nebula-0&params=eyJtaW5lcyI6M30&actions=***`);
    expect(screen.getByText(/decisions in this link could not be read/)).toBeTruthy();
    // The round still replays from its start.
    expect(screen.getByTestId('verify-ending').textContent).toBe('Still open');
  });

  it('explains the extended games in How it works', () => {
    renderAt('/fairness');
    fireEvent.click(screen.getByRole('tab', { name: 'How it works' }));
    const how = screen.getByTestId('fairness-how').textContent;
    expect(how).toContain('Mines');
    expect(how).toContain('Video Poker');
  });
});
