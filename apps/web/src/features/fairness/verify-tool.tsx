/**
 * The Verify tab: the form (game, seeds, nonce, params, decisions of an extended round, house edge)
 * and the replay, recomputed in the browser on every change with `verify()` / `verifyExtended()` of
 * `@nebula/games` (no server call).
 */
import { useMemo, useState } from 'react';
import { CircleAlert, Link2, Minus, Plus, RotateCcw } from 'lucide-react';
import { DEFAULT_HOUSE_EDGE_BPS, getExtendedGame, getGame } from '@nebula/games';
import { Button, IconButton, Selector, type SelectorEntry } from '../../ui';
import { ExtendedEditor } from './extended-editor';
import {
  type ExtendedDrafts,
  extendedDraftFor,
  extendedDraftToInput,
  extendedDraftsFromLink,
} from './extended-draft';
import { extendedFloatMappings } from './extended-floats';
import { DecisionsCard } from './extended-steps';
import { floatMappings } from './float-steps';
import { ParamsEditor } from './params-editor';
import {
  EXTENDED_VERIFIABLE_GAMES,
  VERIFIABLE_GAMES,
  bpsToPercent,
  draftToParams,
  isExtendedVerifiable,
  isVerifiableGame,
  paramsToDrafts,
  percentToBps,
  type ParamsDrafts,
} from './params-draft';
import { type VerifyQuery, buildVerifyHref } from './parse-verify';
import { ResultCard } from './verify-result';
import { CommitmentCard, StepsCard } from './verify-steps';
import { computeVerification } from './verify-model';
import './fairness-extended-texts';
import { useTranslation } from '../../lib/i18n';

interface FormState {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  edge: string;
  drafts: ParamsDrafts;
  /** Params and decisions of the extended games, as JSON text. */
  extended: ExtendedDrafts;
}

function defaultEdge(game: string): number {
  return (
    getGame(game)?.defaultHouseEdgeBps ?? getExtendedGame(game)?.defaultHouseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS
  );
}

function initialState(query: VerifyQuery): FormState {
  const game = query.verify?.game ?? 'dice';
  return {
    game,
    serverSeed: query.verify?.serverSeed ?? '',
    clientSeed: query.verify?.clientSeed ?? '',
    nonce: query.verify?.nonce ?? '0',
    edge: bpsToPercent(query.edgeBps ?? defaultEdge(game)),
    drafts: paramsToDrafts(game, query.params),
    extended: extendedDraftsFromLink(game, query.params, query.actions),
  };
}

function gameName(id: string): string {
  return getGame(id)?.name ?? getExtendedGame(id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** What the editors give for the form's game: params (and decisions), or the texts key of what does not parse. */
function editorInput(form: FormState) {
  if (isExtendedVerifiable(form.game)) {
    const built = extendedDraftToInput(extendedDraftFor(form.extended, form.game));
    return built.ok
      ? { ok: true as const, params: built.params, actions: built.actions }
      : { ok: false as const, errorKey: built.errorKey };
  }
  if (!isVerifiableGame(form.game)) return null;
  const built = draftToParams(form.game, form.drafts);
  return built.ok ? { ok: true as const, params: built.params, actions: undefined } : built;
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
      ...EXTENDED_VERIFIABLE_GAMES.map((id) => ({ id, name: gameName(id) })),
    ],
    [],
  );

  const { draft, edgeBps, verification } = useMemo(() => {
    const built = editorInput(form);
    const edge = percentToBps(form.edge);
    return {
      draft: built,
      edgeBps: edge,
      verification: computeVerification({
        ...form,
        params: built?.ok ? built.params : undefined,
        actions: built?.ok ? built.actions : undefined,
        paramsErrorKey: built && !built.ok ? built.errorKey : undefined,
        edgeBps: edge,
      }),
    };
  }, [form]);
  const verified = verification.status === 'ok' || verification.status === 'extended';
  const hash = verified ? verification.result.serverSeedHash : verification.serverSeedHash;

  function copyLink() {
    const href = buildVerifyHref({
      game: form.game,
      serverSeed: form.serverSeed.trim(),
      clientSeed: form.clientSeed,
      nonce: form.nonce.trim(),
      params: draft?.ok ? draft.params : undefined,
      edgeBps: Number.isNaN(edgeBps) ? undefined : edgeBps,
      actions: draft?.ok && Array.isArray(draft.actions) ? draft.actions : undefined,
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
        {isExtendedVerifiable(form.game) && (
          <fieldset className="fv-fieldset">
            <legend>{t('fairnessUi.form.params')}</legend>
            <ExtendedEditor
              game={form.game}
              draft={extendedDraftFor(form.extended, form.game)}
              onChange={(next) => update({ extended: { ...form.extended, [form.game]: next } })}
            />
          </fieldset>
        )}
        {query.paramsError && (
          <p className="fv-inline-note" role="alert">
            <CircleAlert size={14} aria-hidden="true" />
            {t('fairnessUi.errors.paramsLink')}
          </p>
        )}
        {query.actionsError && (
          <p className="fv-inline-note" role="alert">
            <CircleAlert size={14} aria-hidden="true" />
            {t('fairnessUi.errors.actionsLink')}
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
            disabled={!verified}
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
        <ResultCard gameName={gameName(form.game)} verification={verification} />
        {verification.status === 'extended' && <DecisionsCard result={verification.result} />}
        <CommitmentCard hash={hash} seedLooksValid={verified ? verification.seedLooksValid : true} />
      </div>

      {verification.status === 'ok' && (
        <div className="fv-wide">
          <StepsCard
            mappings={floatMappings(verification.result)}
            rounds={verification.rounds}
            floats={verification.floats}
          />
        </div>
      )}
      {verification.status === 'extended' && (
        <div className="fv-wide">
          <StepsCard
            mappings={extendedFloatMappings(verification.result)}
            rounds={verification.rounds}
            floats={verification.floats}
            stepOf={verification.result.floats.map((read) => read.step)}
          />
        </div>
      )}
    </div>
  );
}
