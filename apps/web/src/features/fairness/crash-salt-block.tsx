/**
 * Where a crash chain's salt comes from (decision 0008): the block of a public chain announced with the
 * chain, before it existed; its height, its hash (the salt, once the block is there) and where to check
 * it: the operator's block explorer, else any explorer or node of that chain, or, on the simulated
 * chain of development and the demo, the note that there is nothing to check elsewhere.
 */
import clsx from 'clsx';
import { Blocks, CircleAlert, CircleCheck, ExternalLink, Hourglass } from 'lucide-react';
import type { CrashChain, CrashSaltBlock } from '@nebula/contracts';
import { CopyButton } from './copy-button';
import './crash-salt-block.css';
import { useTranslation } from '../../lib/i18n';

/** The salt of a block hash: 64 lowercase hex characters, without an 0x prefix (as the server takes it). */
export function saltOfBlockHash(hash: string): string {
  return hash.trim().toLowerCase().replace(/^0x/, '');
}

/** The chain a salt belongs to: the round's chain when known, else the published chain with this salt. */
export function chainOfSalt(
  chains: readonly CrashChain[],
  known: CrashChain | null,
  salt: string,
): CrashChain | null {
  if (known) return known;
  const wanted = salt.trim().toLowerCase();
  return (wanted && chains.find((chain) => chain.salt?.toLowerCase() === wanted)) || null;
}

function useFormat() {
  const { t, i18n } = useTranslation();
  return {
    chain: (id: string) => t(`fairnessUi.crash.salt.chains.${id}`, { defaultValue: id.toUpperCase() }),
    date: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? '—'
        : date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
    },
  };
}

/** "Ethereum · block #123", tagged when the block comes from the simulated chain. */
function BlockTitle({ block }: { block: CrashSaltBlock }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <span className="fv-salt__title">
      <strong data-testid="crash-salt-title">
        {t('fairnessUi.crash.salt.blockValue', { chain: f.chain(block.chain), height: block.height })}
      </strong>
      {block.source === 'simulated' && (
        <span className="pg-tag fv-salt__sim" data-testid="crash-salt-simulated">
          {t('fairnessUi.crash.salt.simulatedTag')}
        </span>
      )}
    </span>
  );
}

/** Where to check the block: the explorer link, else the node note, else (simulated) why nowhere. */
function WhereToCheck({ block, brief = false }: { block: CrashSaltBlock; brief?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (block.source === 'simulated') {
    return brief ? null : (
      <p className="fv-inline-note fv-salt__note" data-testid="crash-salt-check" data-kind="simulated">
        <CircleAlert size={14} aria-hidden="true" />
        <span>{t('fairnessUi.crash.salt.simulated')}</span>
      </p>
    );
  }
  if (block.explorerUrl) {
    return (
      <a
        className="fv-salt__link"
        href={block.explorerUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="crash-salt-check"
        data-kind="explorer"
      >
        {t('fairnessUi.crash.salt.explorer', { height: block.height })}
        <ExternalLink size={12} aria-hidden="true" />
      </a>
    );
  }
  return brief ? null : (
    <p className="fv-hint" data-testid="crash-salt-check" data-kind="node">
      {t('fairnessUi.crash.salt.node', { height: block.height, chain: f.chain(block.chain) })}
    </p>
  );
}

function Timeline({ block }: { block: CrashSaltBlock }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <span className="fv-muted">
      {t('fairnessUi.crash.salt.announcedAt', { date: f.date(block.announcedAt) })}
      {block.minedAt && <> · {t('fairnessUi.crash.salt.minedAt', { date: f.date(block.minedAt) })}</>}
      {block.hash && <> · {t('fairnessUi.crash.salt.confirmations', { count: block.confirmations })}</>}
    </span>
  );
}

/** The salt block of a chain in the list of published chains (a `dt`/`dd` pair of its facts). */
export function SaltBlockFacts({ chain }: { chain: CrashChain }) {
  const { t } = useTranslation();
  const block = chain.saltBlock;
  if (block === undefined || (block === null && !chain.salt)) return null;
  return (
    <>
      <dt>{t('fairnessUi.crash.salt.block')}</dt>
      {block === null ? (
        <dd className="fv-muted" data-testid="crash-salt-block" data-source="server">
          {t('fairnessUi.crash.salt.legacy')}
        </dd>
      ) : (
        <dd className="fv-salt" data-testid="crash-salt-block" data-source={block.source}>
          <BlockTitle block={block} />
          <Timeline block={block} />
          {!block.hash && (
            <span className="fv-muted">
              {t('fairnessUi.crash.salt.pending', { count: block.confirmations, height: block.height })}
            </span>
          )}
          <WhereToCheck block={block} brief />
        </dd>
      )}
    </>
  );
}

export interface SaltBlockCardProps {
  /** The published chains. */
  chains: readonly CrashChain[];
  /** The round's chain, when the page knows it. */
  known: CrashChain | null;
  /** The form's salt. */
  salt: string;
}

/**
 * The salt card of the verifier: the block the form's salt comes from (the round's chain, else the
 * published chain with that salt), its hash compared with the salt, and where to check it. Nothing when
 * the page does not know the salt's chain.
 */
export function SaltBlockCard({ chains, known, salt }: SaltBlockCardProps) {
  const { t } = useTranslation();
  const chain = chainOfSalt(chains, known, salt);
  if (!chain || chain.saltBlock === undefined) return null;
  const block = chain.saltBlock;
  const entered = salt.trim().toLowerCase();
  const matches = block?.hash && entered ? saltOfBlockHash(block.hash) === entered : null;
  return (
    <section
      className={clsx('pg-card fv-card fv-salt-card', matches === false && 'is-broken')}
      data-testid="crash-salt-card"
      data-source={block?.source ?? 'server'}
    >
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <Blocks size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.crash.salt.title')}</h2>
          <p className="pg-card__meta">
            {block ? t('fairnessUi.crash.salt.text') : t('fairnessUi.crash.salt.legacy')}
          </p>
        </div>
      </div>
      {block && (
        <>
          <div className="fv-salt">
            <BlockTitle block={block} />
            <Timeline block={block} />
          </div>
          {block.hash ? (
            <div className="fv-salt__hash">
              <span className="fv-crash-hashline__label">{t('fairnessUi.crash.salt.hash')}</span>
              <div className="fv-code">
                <code className="fv-mono fv-break" data-testid="crash-salt-hash">
                  {block.hash}
                </code>
                <CopyButton text={block.hash} />
              </div>
              <p className="fv-hint">{t('fairnessUi.crash.salt.saltIs')}</p>
              {matches !== null && (
                <p
                  className={clsx('fv-match', matches ? 'is-win' : 'is-loss')}
                  role="status"
                  data-testid="crash-salt-match"
                >
                  {matches ? <CircleCheck size={16} /> : <CircleAlert size={16} />}
                  {t(matches ? 'fairnessUi.crash.salt.matches' : 'fairnessUi.crash.salt.differs')}
                </p>
              )}
            </div>
          ) : (
            <p className="fv-salt__pending" data-testid="crash-salt-pending">
              <Hourglass size={14} aria-hidden="true" />
              <span>
                {t('fairnessUi.crash.salt.pending', { count: block.confirmations, height: block.height })}
              </span>
            </p>
          )}
          <div className="fv-salt__check">
            <span className="fv-crash-hashline__label">{t('fairnessUi.crash.salt.check')}</span>
            <WhereToCheck block={block} />
          </div>
        </>
      )}
    </section>
  );
}
