/**
 * Crash's fairness modal (the bar's Fairness button): how crash points are fixed in advance by the
 * hash chain and the salt (the hash of a public block announced with the chain), the published chains,
 * and the latest rounds, each opening its proof.
 */
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { CrashChain } from '@nebula/contracts';
import { SkeletonText, openModal } from '../../ui';
import { formatMultiplier } from '../frame/result-popup';
import { crashApi, crashKeys } from './crash-api';
import { pillTone } from './crash-format';
import { openCrashRound } from './crash-round-modal';
import './crash-proof.css';
import { useTranslation } from '../../lib/i18n';

export const CRASH_FAIRNESS_MODAL_ID = 'crash-fairness';

function short(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

/** Names of the chains a salt block can come from (proper names, the same in every language). */
const CHAIN_NAMES: Record<string, string> = {
  eth: 'Ethereum',
  bsc: 'BNB Smart Chain',
  btc: 'Bitcoin',
  ltc: 'Litecoin',
  doge: 'Dogecoin',
  trx: 'Tron',
};

/** The block a chain's salt comes from: chain and height, "simulated" or the explorer link. */
function SaltBlockLine({ chain }: { chain: CrashChain }) {
  const { t } = useTranslation();
  const block = chain.saltBlock;
  if (block === undefined) return null;
  if (block === null) {
    return chain.salt ? (
      <span className="crash-fair__block" data-testid="crash-salt-block">
        {t('gameCrash.fairness.saltServer')}
      </span>
    ) : null;
  }
  return (
    <span className="crash-fair__block" data-testid="crash-salt-block" data-source={block.source}>
      {t('gameCrash.fairness.saltBlock', {
        chain: CHAIN_NAMES[block.chain] ?? block.chain.toUpperCase(),
        height: block.height,
      })}
      {block.source === 'simulated' ? (
        <span className="crash-fair__sim" title={t('gameCrash.fairness.simulatedNote')}>
          {t('gameCrash.fairness.simulated')}
        </span>
      ) : (
        block.explorerUrl && (
          <a href={block.explorerUrl} target="_blank" rel="noopener noreferrer">
            {t('gameCrash.fairness.explorer')}
            <ExternalLink size={11} aria-hidden="true" />
          </a>
        )
      )}
    </span>
  );
}

export function CrashFairnessPanel() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...crashKeys.history, 'latest'],
    queryFn: () => crashApi.history(undefined, 12),
    staleTime: 5_000,
    retry: 1,
  });

  return (
    <div className="gf-fair crash-fair" data-testid="crash-fairness">
      <p className="gf-fair__explain">
        <ShieldCheck size={16} aria-hidden="true" />
        {t('gameCrash.fairness.explain')}
      </p>
      <p className="crash-fair__formula">{t('gameCrash.fairness.formula')}</p>
      <p className="gf-fair__muted">{t('gameCrash.fairness.chainRule')}</p>
      {query.isPending ? (
        <SkeletonText lines={4} />
      ) : !query.data ? (
        <p className="gf-fair__muted">{t('gameCrash.round.loadFailed')}</p>
      ) : (
        <>
          <section className="gf-fair__section">
            <h3>{t('gameCrash.fairness.chains')}</h3>
            <ul className="crash-fair__chains">
              {query.data.chains.map((chain) => (
                <li key={chain.id} className="crash-fair__chain" data-testid="crash-chain">
                  <span className="crash-fair__chain-id tabular">#{chain.id}</span>
                  <code title={chain.terminatingHash}>{short(chain.terminatingHash)}</code>
                  <span className="crash-fair__chain-meta">
                    {t('gameCrash.fairness.games', { n: chain.length.toLocaleString(i18n.language) })} ·{' '}
                    {t('gameCrash.round.salt')}:{' '}
                    {chain.salt ? (
                      <code title={chain.salt}>{short(chain.salt)}</code>
                    ) : (
                      t('gameCrash.fairness.saltPending')
                    )}
                  </span>
                  <SaltBlockLine chain={chain} />
                </li>
              ))}
            </ul>
          </section>
          {query.data.rounds.length > 0 && (
            <section className="gf-fair__section">
              <h3>{t('gameCrash.fairness.latest')}</h3>
              <p className="gf-fair__muted">{t('gameCrash.fairness.pickRound')}</p>
              <div className="crash-fair__rounds">
                {query.data.rounds.map((round) => (
                  <button
                    key={round.id}
                    type="button"
                    className={clsx('crash-pill', `crash-pill--${pillTone(round.crashPoint)}`)}
                    onClick={() => openCrashRound(round.id, t('gameCrash.round.title', { id: round.id }))}
                  >
                    {formatMultiplier(round.crashPoint)}
                  </button>
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** Opens crash's fairness modal. */
export function openCrashFairness(title: string): void {
  openModal({
    id: CRASH_FAIRNESS_MODAL_ID,
    title,
    size: 'md',
    className: 'gf-fair-modal',
    content: <CrashFairnessPanel />,
  });
}
