/** The 'Random' pick shared by the ladder games (tower, stairs): a sidebar button while a round is open. */
import { Shuffle } from 'lucide-react';
import { Button } from '../../ui';
import { randomTile } from './ladder-model';

/** Props of {@link RandomPickButton}. */
export interface RandomPickButtonProps {
  /** Tiles (stones) of the next row. */
  count: number;
  /** Usable now: a round is open with a row to pick and no call in flight. */
  enabled: boolean;
  label: string;
  testId: string;
  /** Sends the pick of tile `index` (the game's Turn data). */
  onPick(index: number): void;
}

/** Picks a uniformly random tile client-side and sends it like a click on that tile. */
export function RandomPickButton({ count, enabled, label, testId, onPick }: RandomPickButtonProps) {
  return (
    <Button
      variant="secondary"
      fullWidth
      icon={<Shuffle size={16} aria-hidden="true" />}
      disabled={!enabled}
      data-testid={testId}
      onClick={() => onPick(randomTile(count))}
    >
      {label}
    </Button>
  );
}
