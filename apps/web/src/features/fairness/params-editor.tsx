/**
 * The bet-params editor: the game's own form (games/verifiers.ts) over its draft in params-draft.ts.
 * Validation is the game's own schema (run by `verify()`); the form only shapes the input.
 */
import type { GameVerifier } from '../../games/kit/verifier';
import { GAME_VERIFIERS } from '../../games/verifiers';
import type { ParamsDrafts, VerifiableGame } from './params-draft';

interface EditorProps {
  game: VerifiableGame;
  drafts: ParamsDrafts;
  onChange: (drafts: ParamsDrafts) => void;
}

/** The editor for `game`'s params. */
export function ParamsEditor({ game, drafts, onChange }: EditorProps) {
  // Each game only ever receives its own draft back, so the registry's opaque drafts line up.
  const { ParamsEditor: Editor }: GameVerifier<unknown> = GAME_VERIFIERS[game];
  return <Editor draft={drafts[game]} onChange={(draft) => onChange({ ...drafts, [game]: draft })} />;
}
