/**
 * The crash verifier's form: load a round by its number, or type its game hash, its chain's salt, the
 * house edge, its game index and the chain's terminating hash (one click fills a published chain's).
 */
import { useState } from 'react';
import { CircleAlert, Link2, RotateCcw, Search } from 'lucide-react';
import type { CrashChain } from '@nebula/contracts';
import { CRASH_SCHEMES } from '@nebula/games';
import { Button } from '../../ui';
import { normalizeHash } from './crash-verify-model';
import { useTranslation } from '../../lib/i18n';

/** The form's fields as the player sees them (text as typed). */
export interface CrashFields {
  hash: string;
  salt: string;
  /** House edge in percent ("1.00"). */
  edge: string;
  index: string;
  terminating: string;
  /** The chain's crash scheme (`hmac32` or `hmac52`, @nebula/games `CRASH_SCHEMES`). */
  scheme: string;
}

export interface CrashFormProps {
  values: CrashFields;
  onEdit: (patch: Partial<CrashFields>) => void;
  /** The round the form was loaded with (from the link), if any. */
  round: string | null;
  onLoadRound: (round: string) => void;
  chains: readonly CrashChain[];
  /** Link keys that could not be read. */
  invalid: readonly string[];
  /** Copies the round's verify link; null while there is nothing to link to. */
  onCopyLink: (() => Promise<void>) | null;
  onReset: () => void;
}

function shortHash(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-6)}`;
}

/** The form card. */
export function CrashForm({
  values,
  onEdit,
  round,
  onLoadRound,
  chains,
  invalid,
  onCopyLink,
  onReset,
}: CrashFormProps) {
  const { t } = useTranslation();
  const [roundDraft, setRoundDraft] = useState(round ?? '');
  const [copied, setCopied] = useState(false);
  const roundOk = /^\d{1,19}$/.test(roundDraft.trim()) && roundDraft.trim() !== round;
  const terminating = normalizeHash(values.terminating);

  function pickChain(chain: CrashChain) {
    onEdit({
      terminating: chain.terminatingHash,
      ...(chain.salt && !values.salt.trim() ? { salt: chain.salt } : {}),
      scheme: chain.scheme,
    });
  }

  async function copy() {
    if (!onCopyLink) return;
    await onCopyLink();
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <form
      className="pg-card pg-form fv-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (roundOk) onLoadRound(roundDraft.trim());
      }}
      data-testid="crash-form"
    >
      <h2 className="pg-card__title">{t('fairnessUi.crash.form.title')}</h2>
      <div className="pg-field">
        <label htmlFor="fv-crash-round">{t('fairnessUi.crash.form.round')}</label>
        <div className="fv-crash-load">
          <div className="fv-prefix">
            <span aria-hidden="true">#</span>
            <input
              id="fv-crash-round"
              type="text"
              inputMode="numeric"
              className="pg-mono"
              value={roundDraft}
              placeholder={t('fairnessUi.crash.form.roundPlaceholder')}
              onChange={(event) => setRoundDraft(event.target.value)}
              autoComplete="off"
              data-testid="crash-round-input"
            />
          </div>
          <Button type="submit" variant="secondary" icon={<Search size={16} />} disabled={!roundOk}>
            {t('fairnessUi.crash.form.load')}
          </Button>
        </div>
        <small className="fv-hint">{t('fairnessUi.crash.form.roundHint')}</small>
      </div>
      <label className="pg-field">
        <span>{t('fairnessUi.crash.form.hash')}</span>
        <input
          type="text"
          className="pg-mono"
          value={values.hash}
          placeholder={t('fairnessUi.crash.form.hashPlaceholder')}
          onChange={(event) => onEdit({ hash: event.target.value })}
          spellCheck={false}
          autoComplete="off"
          data-testid="crash-hash"
        />
      </label>
      <label className="pg-field">
        <span>{t('fairnessUi.crash.form.salt')}</span>
        <input
          type="text"
          className="pg-mono"
          value={values.salt}
          placeholder={t('fairnessUi.crash.form.saltPlaceholder')}
          onChange={(event) => onEdit({ salt: event.target.value })}
          spellCheck={false}
          autoComplete="off"
          data-testid="crash-salt"
        />
      </label>
      <label className="pg-field">
        <span>{t('fairnessUi.crash.form.scheme')}</span>
        <select
          value={values.scheme}
          onChange={(event) => onEdit({ scheme: event.target.value })}
          data-testid="crash-scheme"
        >
          {CRASH_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {t(`fairnessUi.crash.schemes.${scheme}`)}
            </option>
          ))}
        </select>
        <small className="fv-hint">{t('fairnessUi.crash.form.schemeHint')}</small>
      </label>
      <label className="pg-field">
        <span>{t('fairnessUi.form.edge')}</span>
        <div className="fv-suffix">
          <input
            type="text"
            inputMode="decimal"
            className="pg-mono"
            value={values.edge}
            onChange={(event) => onEdit({ edge: event.target.value })}
            data-testid="crash-edge"
          />
          <span aria-hidden="true">%</span>
        </div>
        <small className="fv-hint">{t('fairnessUi.crash.form.edgeHint')}</small>
      </label>
      <fieldset className="fv-fieldset">
        <legend>{t('fairnessUi.crash.form.chain')}</legend>
        <label className="pg-field">
          <span>{t('fairnessUi.crash.form.index')}</span>
          <input
            type="text"
            inputMode="numeric"
            className="pg-mono"
            value={values.index}
            onChange={(event) => onEdit({ index: event.target.value })}
            autoComplete="off"
            data-testid="crash-index"
          />
          <small className="fv-hint">{t('fairnessUi.crash.form.indexHint')}</small>
        </label>
        <label className="pg-field">
          <span>{t('fairnessUi.crash.form.terminating')}</span>
          <input
            type="text"
            className="pg-mono"
            value={values.terminating}
            placeholder={t('fairnessUi.crash.form.terminatingPlaceholder')}
            onChange={(event) => onEdit({ terminating: event.target.value })}
            spellCheck={false}
            autoComplete="off"
            data-testid="crash-terminating"
          />
        </label>
        {chains.length > 0 && (
          <div className="fv-crash-picks" role="group" aria-label={t('fairnessUi.crash.form.published')}>
            <span className="fv-hint">{t('fairnessUi.crash.form.published')}</span>
            {chains.map((chain) => (
              <button
                key={chain.id}
                type="button"
                className="fv-crash-pick"
                aria-pressed={terminating === chain.terminatingHash}
                onClick={() => pickChain(chain)}
                title={chain.terminatingHash}
              >
                <strong>#{chain.id}</strong>
                <code>{shortHash(chain.terminatingHash)}</code>
              </button>
            ))}
          </div>
        )}
      </fieldset>
      {invalid.length > 0 && (
        <p className="fv-inline-note" role="alert">
          <CircleAlert size={14} aria-hidden="true" />
          {t('fairnessUi.crash.errors.link', { keys: invalid.join(', ') })}
        </p>
      )}
      <div className="fv-actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<Link2 size={16} />}
          onClick={() => void copy()}
          disabled={!onCopyLink}
        >
          {copied ? t('fairnessUi.form.linkCopied') : t('fairnessUi.form.copyLink')}
        </Button>
        <Button variant="ghost" size="sm" icon={<RotateCcw size={16} />} onClick={onReset}>
          {t('fairnessUi.form.reset')}
        </Button>
      </div>
    </form>
  );
}
