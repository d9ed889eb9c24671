/**
 * The Verify tab: the form (game, seeds, nonce, params, house edge) and the replay, recomputed in the
 * browser on every change with `verify()` of `@nebula/games` (no server call).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleAlert, Link2, Minus, Plus, RotateCcw, ShieldCheck } from 'lucide-react';
import { DEFAULT_HOUSE_EDGE_BPS, ONE_RATIO, cmpRatio, getGame } from '@nebula/games';
import { Button, IconButton, Selector, type SelectorEntry } from '../../ui';
import { OutcomeView } from './outcome-view';
import { ParamsEditor } from './params-editor';
import {
  FUTURE_GAMES,
  VERIFIABLE_GAMES,
  bpsToPercent,
  draftToParams,
  isVerifiableGame,
  paramsToDrafts,
  percentToBps,
  type ParamsDrafts,
} from './params-draft';
import { type VerifyQuery, buildVerifyHref } from './parse-verify';
import { CommitmentCard, StepsCard } from './verify-steps';
import { computeVerification } from './verify-model';

interface FormState {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  edge: string;
  drafts: ParamsDrafts;
}

function initialState(query: VerifyQuery): FormState {
  const game = query.verify?.game ?? 'dice';
  return {
    game,
    serverSeed: query.verify?.serverSeed ?? '',
    clientSeed: query.verify?.clientSeed ?? '',
    nonce: query.verify?.nonce ?? '0',
    edge: bpsToPercent(query.edgeBps ?? getGame(game)?.defaultHouseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS),
    drafts: paramsToDrafts(game, query.params),
  };
}

function gameName(id: string): string {
  return getGame(id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** The verify form and its live result. Remount (key) to load another link. */
export function VerifyTool({ query }: { query: VerifyQuery }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormState>(() => initialState(query));
  const [copied, setCopied] = useState(false);
  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  const entries = useMemo<SelectorEntry[]>(
    () => [
      ...VERIFIABLE_GAMES.map((id) => ({ id, name: gameName(id) })),
      ...FUTURE_GAMES.map((id) => ({
        id,
        name: gameName(id),
        disabled: true,
        meta: <span className="fv-soon">{t('fairnessUi.form.comingSoon')}</span>,
      })),
    ],
    [t],
  );

  const { draft, edgeBps, verification } = useMemo(() => {
    const built = isVerifiableGame(form.game) ? draftToParams(form.game, form.drafts) : null;
    const edge = percentToBps(form.edge);
    return {
      draft: built,
      edgeBps: edge,
      verification: computeVerification({
        ...form,
        params: built?.ok ? built.params : undefined,
        paramsErrorKey: built && !built.ok ? built.errorKey : undefined,
        edgeBps: edge,
      }),
    };
  }, [form]);
  const hash =
    verification.status === 'ok' ? verification.result.serverSeedHash : verification.serverSeedHash;

  function copyLink() {
    const href = buildVerifyHref({
      game: form.game,
      serverSeed: form.serverSeed.trim(),
      clientSeed: form.clientSeed,
      nonce: form.nonce.trim(),
      params: draft?.ok ? draft.params : undefined,
      edgeBps: Number.isNaN(edgeBps) ? undefined : edgeBps,
    });
    void navigator.clipboard
      ?.writeText(`${window.location.origin}${href}`)
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      })
      .catch(() => undefined);
  }

  function stepNonce(delta: number) {
    const current = /^\d+$/.test(form.nonce.trim()) ? Number(form.nonce.trim()) : 0;
    update({ nonce: String(Math.max(0, current + delta)) });
  }

  // A win pays more than the wager (as the server's status has it); exactly 1× (a push) is neutral.
  const payoff = verification.status === 'ok' ? cmpRatio(verification.result.multiplier, ONE_RATIO) : 0;
  const winning = payoff > 0;

  return (
    <div className="fv-layout">
      <form
        className="pg-card pg-form fv-form"
        onSubmit={(event) => event.preventDefault()}
        data-testid="fairness-form"
      >
        <h2 className="pg-card__title">{t('fairnessUi.form.title')}</h2>
        <div className="pg-field">
          <span>{t('fairnessUi.form.game')}</span>
          <Selector
            entries={entries}
            value={form.game}
            onChange={(game) => update({ game })}
            aria-label={t('fairnessUi.form.game')}
            fullWidth
          />
        </div>
        <label className="pg-field">
          <span>{t('fairnessUi.form.serverSeed')}</span>
          <input
            name="serverSeed"
            type="text"
            className="pg-mono"
            value={form.serverSeed}
            placeholder={t('fairnessUi.form.serverSeedPlaceholder')}
            onChange={(event) => update({ serverSeed: event.target.value })}
            spellCheck={false}
            autoComplete="off"
            data-testid="verify-server-seed"
          />
        </label>
        <label className="pg-field">
          <span>{t('fairnessUi.form.clientSeed')}</span>
          <input
            name="clientSeed"
            type="text"
            className="pg-mono"
            value={form.clientSeed}
            onChange={(event) => update({ clientSeed: event.target.value })}
            spellCheck={false}
            autoComplete="off"
            data-testid="verify-client-seed"
          />
        </label>
        <div className="pg-field">
          <label htmlFor="fv-nonce">{t('fairnessUi.form.nonce')}</label>
          <div className="fv-stepper">
            <IconButton
              variant="secondary"
              aria-label={t('fairnessUi.form.nonceDown')}
              onClick={() => stepNonce(-1)}
            >
              <Minus size={16} />
            </IconButton>
            <input
              id="fv-nonce"
              name="nonce"
              type="text"
              inputMode="numeric"
              className="pg-mono"
              value={form.nonce}
              onChange={(event) => update({ nonce: event.target.value })}
              data-testid="verify-nonce"
            />
            <IconButton
              variant="secondary"
              aria-label={t('fairnessUi.form.nonceUp')}
              onClick={() => stepNonce(1)}
            >
              <Plus size={16} />
            </IconButton>
          </div>
        </div>
        {isVerifiableGame(form.game) && (
          <fieldset className="fv-fieldset">
            <legend>{t('fairnessUi.form.params')}</legend>
            <ParamsEditor game={form.game} drafts={form.drafts} onChange={(drafts) => update({ drafts })} />
          </fieldset>
        )}
        {query.paramsError && (
          <p className="fv-inline-note" role="alert">
            <CircleAlert size={14} aria-hidden="true" />
            {t('fairnessUi.errors.paramsLink')}
          </p>
        )}
        <label className="pg-field">
          <span>{t('fairnessUi.form.edge')}</span>
          <div className="fv-suffix">
            <input
              type="text"
              inputMode="decimal"
              className="pg-mono"
              value={form.edge}
              onChange={(event) => update({ edge: event.target.value })}
              data-testid="verify-edge"
            />
            <span aria-hidden="true">%</span>
          </div>
          <small className="fv-hint">{t('fairnessUi.form.edgeHint')}</small>
        </label>
        <div className="fv-actions">
          <Button
            variant="secondary"
            size="sm"
            icon={<Link2 size={16} />}
            onClick={copyLink}
            disabled={verification.status !== 'ok'}
          >
            {copied ? t('fairnessUi.form.linkCopied') : t('fairnessUi.form.copyLink')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<RotateCcw size={16} />}
            onClick={() => setForm(initialState(query))}
          >
            {t('fairnessUi.form.reset')}
          </Button>
        </div>
      </form>

      <div className="fv-results">
        <section
          className={clsx('pg-card fv-card fv-outcome', winning && 'is-winning')}
          data-testid="verify-outcome"
          aria-live="polite"
        >
          <div className="fv-card__head">
            <span className="pg-card__icon">
              <ShieldCheck size={18} />
            </span>
            <div>
              <h2 className="pg-card__title">
                {t('fairnessUi.result.title', { game: gameName(form.game) })}
              </h2>
              <p className="pg-card__meta">{t('fairnessUi.result.text')}</p>
            </div>
          </div>
          {verification.status === 'ok' ? (
            <>
              <OutcomeView result={verification.result} />
              <div className="fv-multiplier">
                <span className="fv-multiplier__label">{t('fairnessUi.result.multiplier')}</span>
                <span
                  className={clsx('fv-multiplier__value', payoff > 0 && 'is-win', payoff < 0 && 'is-loss')}
                >
                  <span data-testid="verify-multiplier">{verification.result.multiplierDecimal}</span>×
                </span>
              </div>
            </>
          ) : verification.status === 'error' ? (
            <p className="fv-error" role="alert" data-testid="verify-error">
              <CircleAlert size={16} aria-hidden="true" />
              <span>
                {t(verification.errorKey)}
                {verification.detail && <span className="fv-error__detail">{verification.detail}</span>}
              </span>
            </p>
          ) : (
            <p className="fv-empty">{t('fairnessUi.result.empty')}</p>
          )}
        </section>
        <CommitmentCard
          hash={hash}
          seedLooksValid={verification.status === 'ok' ? verification.seedLooksValid : true}
        />
      </div>

      {verification.status === 'ok' && (
        <div className="fv-wide">
          <StepsCard result={verification.result} rounds={verification.rounds} floats={verification.floats} />
        </div>
      )}
    </div>
  );
}
