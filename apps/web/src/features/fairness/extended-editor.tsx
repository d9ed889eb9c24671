/**
 * The editor of an extended round: its params and its decisions as JSON (what a verify link fills
 * in), with the shape each game takes as a hint. Validation is the game's own schemas, run by the
 * verifier on every change.
 */
import type { ExtendedDraft } from './extended-draft';
import { useTranslation } from '../../lib/i18n';

interface ExtendedEditorProps {
  game: string;
  draft: ExtendedDraft;
  onChange: (draft: ExtendedDraft) => void;
}

/** Rows for a textarea: its lines, within [min, max]. */
function rowsFor(text: string, min: number, max: number): number {
  return Math.min(max, Math.max(min, text.split('\n').length));
}

/** The params and decisions editors of `game`. */
export function ExtendedEditor({ game, draft, onChange }: ExtendedEditorProps) {
  const { t } = useTranslation();
  const hint = (kind: 'paramsHint' | 'actionsHint') =>
    t(`fairnessUi.extended.${kind}.${game}`, { defaultValue: '' });
  return (
    <div className="fv-params fv-params--column">
      <label className="pg-field">
        <span>{t('fairnessUi.extended.paramsJson')}</span>
        <textarea
          className="pg-mono fv-json"
          rows={rowsFor(draft.params, 2, 6)}
          spellCheck={false}
          value={draft.params}
          onChange={(event) => onChange({ ...draft, params: event.target.value })}
          data-testid="param-extended-params"
        />
        {hint('paramsHint') && <small className="fv-hint">{hint('paramsHint')}</small>}
      </label>
      <label className="pg-field">
        <span>{t('fairnessUi.extended.actionsJson')}</span>
        <textarea
          className="pg-mono fv-json"
          rows={rowsFor(draft.actions, 3, 12)}
          spellCheck={false}
          value={draft.actions}
          onChange={(event) => onChange({ ...draft, actions: event.target.value })}
          data-testid="param-extended-actions"
        />
        {hint('actionsHint') && <small className="fv-hint">{hint('actionsHint')}</small>}
      </label>
    </div>
  );
}
