/**
 * The bet overview popup (spec 2): bet title and id, player (hidden for private bets), bet amount,
 * multiplier, win, seeds, share icons and the link to fairness verification. Loaded with the `Info`
 * whisper; opened through `openBetOverview` (index.ts).
 */
import { Link } from 'react-router';
import clsx from 'clsx';
import { EyeOff, SearchX, ShieldCheck, ShieldQuestion, TriangleAlert } from 'lucide-react';
import type { BetOverview } from '@nebula/contracts';
import { Button, Skeleton, openModal, useModal } from '../../ui';
import { useAppStore } from '../../lib/store';
import { useBetOverview } from './bet-api';
import { betShareUrl, betVerifyHref, extendedActions } from './bet-links';
import { CopyIcon, ShareRow } from './share-row';
import { ShareToChat } from './share-to-chat';
import './bets-texts';
import './bets.css';
import { useTranslation } from '../../lib/i18n';

/** The modal id: opening another bet replaces the popup in place. */
export const BET_OVERVIEW_MODAL_ID = 'bet-overview';

/** The profile popup opens through its window event (features never import each other). */
function openProfile(id: string): void {
  window.dispatchEvent(new CustomEvent('open-profile', { detail: { id } }));
}

function CurrencyBadge({ currency }: { currency: string }) {
  const entry = useAppStore((state) => state.currencies[currency]);
  const icon = entry?.icon ?? '';
  if (/^(https?:|\/|data:)/.test(icon)) {
    return <img className="bo-cur" src={icon} alt="" width={16} height={16} />;
  }
  return (
    <span
      className="bo-cur bo-cur--mono"
      style={{ background: entry?.style || undefined }}
      aria-hidden="true"
    >
      {currency
        .replace(/^local_/, '')
        .charAt(0)
        .toUpperCase()}
    </span>
  );
}

function Money({
  value,
  currency,
  tone,
}: {
  value: string;
  currency: string;
  tone?: 'win' | 'loss' | 'dim';
}) {
  return (
    <span className={clsx('bo-money', tone && `is-${tone}`)}>
      <CurrencyBadge currency={currency} />
      <span>{value}</span>
    </span>
  );
}

function SeedRow({
  label,
  value,
  copy,
  children,
}: {
  label: string;
  value?: string;
  copy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="bo-seed">
      <span className="bo-seed__label">{label}</span>
      <div className="bo-seed__value">
        {children ?? <code className="bo-mono">{value}</code>}
        {copy && value && <CopyIcon text={value} />}
      </div>
    </div>
  );
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The overview of a loaded bet (pure rendering; the popup adds loading and not-found). */
export function BetOverviewView({ data, onNavigate }: { data: BetOverview; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { info, metadata, user } = data;
  const meId = useAppStore((state) => state.user?._id ?? null);
  const win = info.status === 'win';
  const profitPositive = !info.profit.startsWith('-') && /[1-9]/.test(info.profit);
  const hidden = !user._id;
  const verifyHref = betVerifyHref(info);
  const decisions = extendedActions(info.outcome);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const shareUrl = betShareUrl(origin, info.game, info.id);
  const shareText = t('betsUi.shareText', { game: metadata.name, id: info.id, multiplier: info.multiplier });

  return (
    <div className="bo" data-testid="bet-overview">
      <header className="bo-head">
        <div className="bo-head__title">
          <h3 className="bo-game">{metadata.name}</h3>
          <span className="bo-id">
            #{info.id}
            <CopyIcon text={info.id} label={t('betsUi.copyId')} />
          </span>
          {info.demo && <span className="bo-tag">{t('betsUi.demo')}</span>}
        </div>
        <div className="bo-head__meta">
          <span className="bo-player" data-testid="bet-overview-player">
            {t('betsUi.by')}{' '}
            {hidden ? (
              <span className="bo-hidden" title={t('betsUi.hiddenHint')}>
                <EyeOff size={14} aria-hidden="true" />
                {t('betsUi.hidden')}
              </span>
            ) : (
              <button type="button" className="bo-name" onClick={() => openProfile(user._id as string)}>
                {user.name}
              </button>
            )}
          </span>
          <span className="bo-date">{formatDate(info.created_at, i18n.language)}</span>
        </div>
      </header>

      <div className="bo-stats">
        <div className="bo-stat">
          <span className="bo-stat__label">{t('betsUi.amount')}</span>
          <Money value={info.wager} currency={info.currency} />
        </div>
        <div className="bo-stat">
          <span className="bo-stat__label">{t('betsUi.multiplier')}</span>
          <span
            className={clsx('bo-stat__value', win ? 'is-win' : 'is-dim')}
            data-testid="bet-overview-multiplier"
          >
            {info.multiplier}×
          </span>
        </div>
        <div className="bo-stat">
          <span className="bo-stat__label">{t('betsUi.win')}</span>
          <Money value={info.payout} currency={info.currency} tone={win ? 'win' : 'dim'} />
          <span
            className={clsx('bo-profit', profitPositive ? 'is-win' : 'is-loss')}
            data-testid="bet-overview-profit"
          >
            {t('betsUi.profit')} {profitPositive ? `+${info.profit}` : info.profit}
          </span>
        </div>
      </div>

      <section className="bo-seeds" aria-label={t('betsUi.seeds')}>
        <h4 className="bo-section">
          <ShieldCheck size={15} aria-hidden="true" />
          {t('betsUi.seeds')}
        </h4>
        <SeedRow label={t('betsUi.serverSeedHash')} value={info.server_seed_hash} copy />
        {info.server_seed ? (
          <SeedRow label={t('betsUi.serverSeed')} value={info.server_seed} copy />
        ) : (
          <SeedRow label={t('betsUi.serverSeed')}>
            <span className="bo-unrevealed" data-testid="bet-overview-unrevealed">
              <ShieldQuestion size={14} aria-hidden="true" />
              {t('betsUi.notRevealed')}
            </span>
          </SeedRow>
        )}
        <SeedRow label={t('betsUi.clientSeed')} value={info.client_seed} copy />
        <SeedRow label={t('betsUi.nonce')} value={info.nonce >= 0 ? String(info.nonce) : '—'} />
        {decisions && (
          <SeedRow label={t('betsUi.decisions')}>
            <span className="bo-decisions" data-testid="bet-overview-decisions">
              {t('betsUi.decisionsCount', { count: decisions.length })}
            </span>
          </SeedRow>
        )}
      </section>

      <footer className="bo-foot">
        <ShareRow url={shareUrl} text={shareText}>
          {/* Spec 2: sharing into the chat is for the bet's owner, never for guests or demo bets. */}
          {meId && info.user === meId && !info.demo && <ShareToChat betId={info.id} />}
        </ShareRow>
        {verifyHref ? (
          <Link className="bo-verify" to={verifyHref} onClick={onNavigate} data-testid="bet-overview-verify">
            <ShieldCheck size={16} aria-hidden="true" />
            {t('betsUi.verify')}
          </Link>
        ) : (
          <span className="bo-verify is-disabled" aria-disabled="true" title={t('betsUi.notRevealed')}>
            <ShieldCheck size={16} aria-hidden="true" />
            {t('betsUi.verify')}
          </span>
        )}
      </footer>
    </div>
  );
}

function BetOverviewSkeleton() {
  return (
    <div className="bo" aria-busy="true" data-testid="bet-overview-loading">
      <Skeleton height={28} width="55%" />
      <Skeleton height={16} width="40%" />
      <div className="bo-stats">
        <Skeleton height={64} />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
      <Skeleton height={180} />
    </div>
  );
}

function StateMessage({ kind, onRetry }: { kind: 'not-found' | 'error'; onRetry?: () => void }) {
  const { t } = useTranslation();
  const Icon = kind === 'not-found' ? SearchX : TriangleAlert;
  return (
    <div className="bo-state" data-testid={`bet-overview-${kind}`}>
      <Icon size={32} aria-hidden="true" />
      <p className="bo-state__title">
        {t(kind === 'not-found' ? 'betsUi.notFoundTitle' : 'betsUi.errorTitle')}
      </p>
      <p className="bo-state__text">{t(kind === 'not-found' ? 'betsUi.notFoundText' : 'betsUi.errorText')}</p>
      {onRetry && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('betsUi.retry')}
        </Button>
      )}
    </div>
  );
}

/** The popup body: loads the bet, then shows it. `onLeave` runs before the verify link navigates. */
export function BetOverviewPopup({ betId, onLeave }: { betId: string; onLeave?: () => void }) {
  const { close } = useModal();
  const { data, isPending, isError, refetch } = useBetOverview(betId);
  if (isPending) return <BetOverviewSkeleton />;
  if (isError) return <StateMessage kind="error" onRetry={() => void refetch()} />;
  if (data.status === 'not-found') return <StateMessage kind="not-found" />;
  return (
    <BetOverviewView
      data={data.data}
      onNavigate={() => {
        onLeave?.();
        close();
      }}
    />
  );
}

function PopupTitle() {
  const { t } = useTranslation();
  return <>{t('betsUi.title')}</>;
}

/** How the popup closed: `navigated` when the player followed its verify link to another page. */
export interface BetOverviewCloseInfo {
  navigated: boolean;
}

/** Opens (or replaces) the bet overview popup for `betId`. */
export function openBetOverviewPopup(
  betId: string,
  options: { onClose?: (info: BetOverviewCloseInfo) => void } = {},
): void {
  let navigated = false;
  openModal({
    id: BET_OVERVIEW_MODAL_ID,
    size: 'md',
    title: <PopupTitle />,
    ariaLabel: 'Bet overview',
    onClose: () => options.onClose?.({ navigated }),
    content: (
      <BetOverviewPopup
        betId={betId}
        onLeave={() => {
          navigated = true;
        }}
      />
    ),
  });
}
