/** Wheel's verifier parts: segments, risk and layout version, the segment hit, one float per spin. */
import clsx from 'clsx';
import {
  WHEEL_LAYOUT,
  WHEEL_LAYOUT_VERSIONS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type VerifyResult,
  type WheelOutcome,
  type WheelParams,
  type WheelRisk,
  wheelLayout,
  wheelLayoutOf,
} from '@nebula/games';
import { type GameVerifier, type ParamsEditorProps, integer, oneOf, record } from '../kit/verifier';
import { Fact, Segmented, shortMultiplier } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

/** `layout`: the wheel layout version ("1" or "2"); a link's params without one are version 1. */
export interface WheelDraft {
  segments: string;
  risk: WheelRisk;
  layout: string;
}

function WheelParamsEditor({ draft, onChange }: ParamsEditorProps<WheelDraft>) {
  const { t } = useTranslation();
  return (
    <div className="fv-params">
      <label className="pg-field">
        <span>{t('fairnessUi.params.segments')}</span>
        <select
          value={draft.segments}
          onChange={(event) => onChange({ ...draft, segments: event.target.value })}
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
        value={draft.risk}
        onChange={(risk) => onChange({ ...draft, risk })}
        render={(value) => t(`fairnessUi.params.risks.${value}`)}
      />
      <label className="pg-field">
        <span>{t('fairnessUi.params.layout')}</span>
        <select
          value={draft.layout}
          onChange={(event) => onChange({ ...draft, layout: event.target.value })}
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
}

function WheelOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as WheelParams;
  const outcome = result.outcome as WheelOutcome;
  const layout = wheelLayout(params.segments, params.risk, result.houseEdgeBps, wheelLayoutOf(params));
  return (
    <div className="fv-stack">
      <div className="fv-facts">
        <Fact label={t('verifier.wheel.segment')} value={`#${outcome.segment}`} />
        <Fact
          label={t('verifier.wheel.pays')}
          value={`${shortMultiplier(layout[outcome.segment] ?? { num: 0n, den: 1n })}×`}
        />
      </div>
      <div className="fv-wheel" aria-hidden="true">
        {layout.map((value, i) => (
          <span
            key={i}
            className={clsx(
              'fv-wheel__seg',
              value.num === 0n && 'is-zero',
              i === outcome.segment && 'is-hit',
            )}
            title={`#${i}: ${shortMultiplier(value)}×`}
          />
        ))}
      </div>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.wheel.*`), registered by games/verifiers.ts. */
const textsEn = { segment: 'Segment', pays: 'Pays' };

const textsDe: Translation<typeof textsEn> = { segment: 'Segment', pays: 'Zahlt' };

export const wheelVerifier: GameVerifier<WheelDraft> = {
  defaultDraft: () => ({ segments: '10', risk: 'low', layout: String(WHEEL_LAYOUT) }),
  // Version 1 is written as no layout at all, exactly as the bets played with it were stored.
  draftToParams: (draft) => ({
    ok: true,
    params: {
      segments: integer(draft.segments),
      risk: draft.risk,
      ...(draft.layout === '1' ? {} : { layout: integer(draft.layout) }),
    },
  }),
  paramsToDraft(params, fallback) {
    const p = record(params);
    return {
      segments: (WHEEL_SEGMENTS as readonly unknown[]).includes(p.segments)
        ? String(p.segments)
        : fallback.segments,
      risk: oneOf(p.risk, WHEEL_RISKS, fallback.risk),
      // Params stored before layout versions existed have none: they were played with version 1.
      layout: (WHEEL_LAYOUT_VERSIONS as readonly unknown[]).includes(p.layout) ? String(p.layout) : '1',
    };
  },
  ParamsEditor: WheelParamsEditor,
  OutcomeView: WheelOutcomeView,
  floatSteps(result) {
    const segments = (result.params as WheelParams).segments;
    const segment = (result.outcome as WheelOutcome).segment;
    return [{ formula: `floor(f × ${segments}) = ${segment}`, value: `#${segment}` }];
  },
  texts: { en: textsEn, de: textsDe },
};
