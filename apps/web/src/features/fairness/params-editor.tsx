/**
 * The bet-params editor: one small form per game, over the drafts of params-draft.ts. Validation is
 * the game's own schema (run by `verify()`); this only shapes the input.
 */
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  KENO_MAX_PICKS,
  KENO_RISKS,
  PLINKO_RISKS,
  WHEEL_LAYOUT_VERSIONS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
} from '@nebula/games';
import { type ParamsDrafts, type VerifiableGame, toggleKenoPick } from './params-draft';

interface EditorProps {
  game: VerifiableGame;
  drafts: ParamsDrafts;
  onChange: (drafts: ParamsDrafts) => void;
}

function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  render,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  render: (value: T) => string;
  testId?: string;
}) {
  return (
    <div className="pg-field">
      <span>{label}</span>
      <div className="fv-seg" role="radiogroup" aria-label={label} data-testid={testId}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === value}
            className={clsx('fv-seg__item', option === value && 'is-active')}
            onClick={() => onChange(option)}
          >
            {render(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

const PLINKO_ROWS = ['8', '9', '10', '11', '12', '13', '14', '15', '16'] as const;

/** The editor for `game`'s params. */
export function ParamsEditor({ game, drafts, onChange }: EditorProps) {
  const { t } = useTranslation();
  const risk = (value: string) => t(`fairnessUi.params.risks.${value}`);
  const set = <G extends keyof ParamsDrafts>(key: G, value: ParamsDrafts[G]) =>
    onChange({ ...drafts, [key]: value });

  switch (game) {
    case 'dice':
      return (
        <div className="fv-params">
          <label className="pg-field">
            <span>{t('fairnessUi.params.target')}</span>
            <input
              type="text"
              inputMode="decimal"
              className="pg-mono"
              value={drafts.dice.target}
              onChange={(event) => set('dice', { ...drafts.dice, target: event.target.value })}
              data-testid="param-dice-target"
            />
          </label>
          <Segmented
            label={t('fairnessUi.params.condition')}
            options={['over', 'under'] as const}
            value={drafts.dice.condition}
            onChange={(condition) => set('dice', { ...drafts.dice, condition })}
            render={(value) => t(`fairnessUi.params.${value}`)}
          />
        </div>
      );
    case 'limbo':
      return (
        <label className="pg-field">
          <span>{t('fairnessUi.params.targetMultiplier')}</span>
          <input
            type="text"
            inputMode="decimal"
            className="pg-mono"
            value={drafts.limbo.target}
            onChange={(event) => set('limbo', { target: event.target.value })}
            data-testid="param-limbo-target"
          />
        </label>
      );
    case 'plinko':
      return (
        <div className="fv-params">
          <label className="pg-field">
            <span>{t('fairnessUi.params.rows')}</span>
            <select
              value={drafts.plinko.rows}
              onChange={(event) => set('plinko', { ...drafts.plinko, rows: event.target.value })}
            >
              {PLINKO_ROWS.map((rows) => (
                <option key={rows} value={rows}>
                  {rows}
                </option>
              ))}
            </select>
          </label>
          <Segmented
            label={t('fairnessUi.params.risk')}
            options={PLINKO_RISKS}
            value={drafts.plinko.risk}
            onChange={(value) => set('plinko', { ...drafts.plinko, risk: value })}
            render={risk}
          />
        </div>
      );
    case 'keno':
      return (
        <div className="fv-params fv-params--column">
          <Segmented
            label={t('fairnessUi.params.risk')}
            options={KENO_RISKS}
            value={drafts.keno.risk}
            onChange={(value) => set('keno', { ...drafts.keno, risk: value })}
            render={risk}
          />
          <div className="pg-field">
            <span>{t('fairnessUi.params.picks', { n: drafts.keno.picks.length, max: KENO_MAX_PICKS })}</span>
            <div className="fv-keno fv-keno--editor" data-testid="param-keno-picks">
              {Array.from({ length: 40 }, (_, i) => i + 1).map((square) => {
                const picked = drafts.keno.picks.includes(square);
                return (
                  <button
                    key={square}
                    type="button"
                    aria-pressed={picked}
                    className={clsx('fv-keno__cell', picked && 'is-picked')}
                    onClick={() =>
                      set('keno', { ...drafts.keno, picks: toggleKenoPick(drafts.keno.picks, square) })
                    }
                  >
                    {square}
                  </button>
                );
              })}
            </div>
          </div>
        </div>
      );
    case 'wheel':
      return (
        <div className="fv-params">
          <label className="pg-field">
            <span>{t('fairnessUi.params.segments')}</span>
            <select
              value={drafts.wheel.segments}
              onChange={(event) => set('wheel', { ...drafts.wheel, segments: event.target.value })}
            >
              {WHEEL_SEGMENTS.map((segments) => (
                <option key={segments} value={String(segments)}>
                  {segments}
                </option>
              ))}
            </select>
          </label>
          <Segmented
            label={t('fairnessUi.params.risk')}
            options={WHEEL_RISKS}
            value={drafts.wheel.risk}
            onChange={(value) => set('wheel', { ...drafts.wheel, risk: value })}
            render={risk}
          />
          <label className="pg-field">
            <span>{t('fairnessUi.params.layout')}</span>
            <select
              value={drafts.wheel.layout}
              onChange={(event) => set('wheel', { ...drafts.wheel, layout: event.target.value })}
              data-testid="param-wheel-layout"
            >
              {WHEEL_LAYOUT_VERSIONS.map((version) => (
                <option key={version} value={String(version)}>
                  {t(`fairnessUi.params.layouts.v${version}`)}
                </option>
              ))}
            </select>
            <small className="fv-hint">{t('fairnessUi.params.layoutHint')}</small>
          </label>
        </div>
      );
    case 'roulette':
    case 'baccarat':
      return (
        <label className="pg-field">
          <span>{t(`fairnessUi.params.${game}Json`)}</span>
          <textarea
            className="pg-mono fv-json"
            rows={game === 'roulette' ? 8 : 5}
            spellCheck={false}
            value={drafts[game].json}
            onChange={(event) => set(game, { json: event.target.value })}
            data-testid={`param-${game}-json`}
          />
          <small className="fv-hint">{t(`fairnessUi.params.${game}Hint`)}</small>
        </label>
      );
    default:
      return <p className="fv-hint">{t('fairnessUi.params.none')}</p>;
  }
}
