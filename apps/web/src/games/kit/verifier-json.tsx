/** The verifier's JSON params editor, for games whose params are a list or a map of stakes (roulette, baccarat). */
import type { ParamsEditorProps } from './verifier';
import { useTranslation } from '../../lib/i18n';

export interface JsonDraft {
  json: string;
}

export function JsonParamsEditor({
  game,
  rows,
  draft,
  onChange,
}: ParamsEditorProps<JsonDraft> & { game: string; rows: number }) {
  const { t } = useTranslation();
  return (
    <label className="pg-field">
      <span>{t(`fairnessUi.params.${game}Json`)}</span>
      <textarea
        className="pg-mono fv-json"
        rows={rows}
        spellCheck={false}
        value={draft.json}
        onChange={(event) => onChange({ json: event.target.value })}
        data-testid={`param-${game}-json`}
      />
      <small className="fv-hint">{t(`fairnessUi.params.${game}Hint`)}</small>
    </label>
  );
}
