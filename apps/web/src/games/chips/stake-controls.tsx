/**
 * The sidebar controls of a stake game (roulette, baccarat): the chip selector (spec 3 chip defaults) and
 * 'Undo' (the frame has 'Clear'); everything disabled while locked.
 */
import type { ComponentType } from 'react';
import type { ControlsProps } from '../types';
import type { ChipValue } from './chip-unit';
import { ChipSelector, StakeActions, useChipExponent } from './chips';

/** Params of a stake game as its board keeps them: the selected chip and the undo history. */
export interface StakeUiParams {
  chip: ChipValue;
  undo: readonly unknown[];
}

/** Builds a game's controls from its id (texts, test ids) and its undo step. */
export function stakeControls<P extends StakeUiParams>(
  game: string,
  undoLast: (params: P) => P,
): ComponentType<ControlsProps<P>> {
  return function StakeControls({ params, setParams, locked, currency, decimals }: ControlsProps<P>) {
    const exponent = useChipExponent(currency, decimals);
    return (
      <div className="stake-controls">
        <ChipSelector
          game={game}
          value={params.chip}
          onChange={(chip) => setParams({ ...params, chip })}
          disabled={locked}
          exponent={exponent}
          currency={currency}
          decimals={decimals}
        />
        <StakeActions
          game={game}
          canUndo={params.undo.length > 0}
          disabled={locked}
          onUndo={() => setParams(undoLast(params))}
        />
      </div>
    );
  };
}
