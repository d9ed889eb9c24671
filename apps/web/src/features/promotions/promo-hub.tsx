/**
 * The live programmes of /promotions and /rewards (issue 20 item 6): one card per programme the operator
 * set up (the summary leaves out what is off), each with the player's own state and its action; a guest
 * sees the programmes with a sign-in call to action instead of state (spec 2 section 6: guests see
 * promotions; opt-in and activation require login, toast 'Please login to your account.').
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import {
  CheckCircle2,
  Coins,
  Crown,
  Droplets,
  Gift,
  LogIn,
  Percent,
  Ticket,
  TicketPercent,
  Trophy,
} from 'lucide-react';
import type { PromotionsSummary } from '@nebula/contracts';
import { api, isApiError } from '../../lib/api';
import { events } from '../../lib/events';
import i18n, { useTranslation } from '../../lib/i18n';
import { promocodeApi, refreshAfterActivation } from '../../lib/promocodes';
import { requestLogin } from '../../lib/request-login';
import { Button, toast } from '../../ui';
import { bonusCalls } from './bonus-api';
import { refreshSummary } from './promo-hub-api';
import './promo-hub-texts';
import './promo-hub.css';

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(`promoHub.${key}`, vars);

type Kind = 'deposit' | 'wheel' | 'faucet' | 'rakeback' | 'race' | 'vip' | 'codes';

/** The current time, ticking every second (countdowns). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** 'Available', or 'Available in N seconds/minutes/hours' (spec 2 section 4, the faucet's status). */
export function availability(at: string | null, now: number): string {
  const left = at === null ? 0 : Math.ceil((new Date(at).getTime() - now) / 1000);
  if (left <= 0) return t('available');
  if (left < 60) return t('availableIn_seconds', { count: left });
  if (left < 3600) return t('availableIn_minutes', { count: Math.ceil(left / 60) });
  return t('availableIn_hours', { count: Math.ceil(left / 3600) });
}

/** Two decimals at most for display (amounts are exact decimal strings). */
function short(value: string, places = 2): string {
  const [whole = '0', frac = ''] = value.split('.');
  const cut = frac.slice(0, places).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

function signIn() {
  requestLogin('auth');
}

interface CardProps {
  kind: Kind;
  icon: ReactNode;
  title: string;
  text: string;
  /** The player's state (a guest: the sign-in line instead). */
  state?: ReactNode;
  signedIn: boolean;
  action: ReactNode;
  highlight?: boolean;
}

function HubCard({ kind, icon, title, text, state, signedIn, action, highlight }: CardProps) {
  return (
    <article
      className={clsx('hub-card', `hub-card--${kind}`, highlight && 'is-ready')}
      data-testid={`hub-${kind}`}
    >
      <div className="hub-card__art" aria-hidden="true">
        <span className="hub-card__glow" />
        <span className="hub-card__icon">{icon}</span>
      </div>
      <div className="hub-card__body">
        <h3 className="hub-card__title">{title}</h3>
        <p className="hub-card__text">{text}</p>
        <div className="hub-card__state" data-testid={`hub-${kind}-state`}>
          {signedIn ? state : <span className="hub-card__guest">{t('signInFor')}</span>}
        </div>
      </div>
      <footer className="hub-card__foot">
        {signedIn ? (
          action
        ) : (
          <Button
            variant="secondary"
            fullWidth
            icon={<LogIn size={16} />}
            onClick={signIn}
            data-testid={`hub-${kind}-signin`}
          >
            {t('signIn')}
          </Button>
        )}
      </footer>
    </article>
  );
}

function DepositCard({
  data,
  signedIn,
}: {
  data: NonNullable<PromotionsSummary['depositBonus']>;
  signedIn: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const model = data.model!;
  const checkedIn = data.state.checkedIn;
  const optIn = async () => {
    setBusy(true);
    try {
      await api(bonusCalls.depositOptIn, { id: model._id });
      refreshSummary();
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HubCard
      kind="deposit"
      icon={<Gift size={44} />}
      title={model.name || t('deposit.title')}
      text={t('deposit.text', { multiplier: model.multiplier, min: model.minDeposit })}
      signedIn={signedIn}
      highlight={signedIn && !checkedIn}
      state={
        <span className="hub-figure">
          {t('deposit.figures', { percent: model.percent, max: model.max })}
          {checkedIn && (
            <span className="hub-pill hub-pill--ok" data-testid="hub-deposit-in">
              <CheckCircle2 size={14} aria-hidden="true" /> {t('deposit.optedIn')}
            </span>
          )}
        </span>
      }
      action={
        checkedIn ? (
          <Button
            variant="primary"
            fullWidth
            onClick={() => events.emit('open-wallet', { tab: 'deposit' })}
            data-testid="hub-deposit-go"
          >
            {t('deposit.deposit')}
          </Button>
        ) : (
          <Button variant="primary" fullWidth loading={busy} onClick={optIn} data-testid="hub-deposit-optin">
            {t('deposit.optIn')}
          </Button>
        )
      }
    />
  );
}

function WheelCard({
  wheel,
  signedIn,
}: {
  wheel: NonNullable<PromotionsSummary['wheel']>;
  signedIn: boolean;
}) {
  const tickets = wheel.tickets ?? 0;
  return (
    <HubCard
      kind="wheel"
      icon={<Ticket size={44} />}
      title={t('wheel.title')}
      text={t('wheel.text', { top: short(wheel.topPrizeUsd) })}
      signedIn={signedIn}
      highlight={tickets > 0}
      state={
        <span
          className={clsx('hub-pill', tickets > 0 ? 'hub-pill--ok' : 'hub-pill--dim')}
          data-testid="hub-wheel-tickets"
        >
          <Ticket size={14} aria-hidden="true" /> {t('wheel.tickets', { count: tickets })}
        </span>
      }
      action={
        <Button
          variant={tickets > 0 ? 'primary' : 'secondary'}
          fullWidth
          onClick={() => {
            events.emit('toggle-bonus');
            refreshSummary();
          }}
          data-testid="hub-wheel-spin"
        >
          {tickets > 0 ? t('wheel.spin') : t('wheel.noTickets')}
        </Button>
      }
    />
  );
}

function FaucetCard({
  faucet,
  signedIn,
}: {
  faucet: NonNullable<PromotionsSummary['faucet']>;
  signedIn: boolean;
}) {
  const navigate = useNavigate();
  const now = useNow();
  const ready =
    faucet.deposited === true &&
    (faucet.nextClaimAt === null || new Date(faucet.nextClaimAt).getTime() <= now);
  return (
    <HubCard
      kind="faucet"
      icon={<Droplets size={44} />}
      title={t('faucet.title')}
      text={t(signedIn ? 'faucet.text' : 'faucet.textGuest', {
        hours: faucet.cooldownHours,
        max: short(faucet.maxUsd),
      })}
      signedIn={signedIn}
      highlight={ready}
      state={
        faucet.deposited === false ? (
          <span className="hub-pill hub-pill--warn">{t('faucet.depositFirst')}</span>
        ) : (
          <span
            className={clsx('hub-pill', ready ? 'hub-pill--ok' : 'hub-pill--dim')}
            data-testid="hub-faucet-status"
          >
            {availability(faucet.nextClaimAt, now)}
          </span>
        )
      }
      action={
        <Button
          variant={ready ? 'primary' : 'secondary'}
          fullWidth
          onClick={() => void navigate('/bonus')}
          data-testid="hub-faucet-open"
        >
          {ready ? t('faucet.claim') : t('faucet.open')}
        </Button>
      }
    />
  );
}

function RakebackCard({
  rakeback,
  signedIn,
}: {
  rakeback: NonNullable<PromotionsSummary['rakeback']>;
  signedIn: boolean;
}) {
  const claimable = (rakeback.claimable ?? []).filter((r) => Number(r.value) > 0);
  return (
    <HubCard
      kind="rakeback"
      icon={<Percent size={44} />}
      title={t('rakeback.title')}
      text={
        !signedIn
          ? t('rakeback.textGuest', { percent: rakeback.topPercent })
          : Number(rakeback.percent) > 0
            ? t('rakeback.text', { percent: rakeback.percent })
            : t('rakeback.textLocked', { percent: rakeback.topPercent })
      }
      signedIn={signedIn}
      highlight={claimable.length > 0}
      state={
        claimable.length > 0 ? (
          <span className="hub-figure" data-testid="hub-rakeback-claimable">
            {claimable.map((r) => `${short(r.value, 6)} ${r.id.toUpperCase()}`).join(' · ')}
          </span>
        ) : (
          <span className="hub-pill hub-pill--dim">{t('rakeback.nothing')}</span>
        )
      }
      action={
        <Button
          variant={claimable.length > 0 ? 'primary' : 'secondary'}
          fullWidth
          onClick={() => void import('./rakeback-dialog').then((m) => m.openRakeback())}
          data-testid="hub-rakeback-open"
        >
          {t('rakeback.open')}
        </Button>
      }
    />
  );
}

function RaceCard({ race, signedIn }: { race: NonNullable<PromotionsSummary['race']>; signedIn: boolean }) {
  const navigate = useNavigate();
  const { i18n: current } = useTranslation();
  const ends = new Date(race.endsAt).toLocaleString(current.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const me = race.me;
  return (
    <HubCard
      kind="race"
      icon={<Trophy size={44} />}
      title={t('race.title')}
      text={t('race.text', { places: race.paidPlaces, ends })}
      signedIn={signedIn}
      highlight={me !== null && me.place !== null}
      state={
        <span className="hub-race">
          <span className="hub-figure">
            {t('race.pool')}: {short(race.prizePool.reward)} {race.prizePool.currency.toUpperCase()}
          </span>
          {me && (
            <span className="hub-pill hub-pill--dim" data-testid="hub-race-me">
              {me.place !== null ? t('race.place', { place: me.place }) : t('race.unranked')} ·{' '}
              {t('race.wagered', { amount: short(me.wager_usd) })}
            </span>
          )}
        </span>
      }
      action={
        <Button variant="secondary" fullWidth onClick={() => void navigate('/leaderboard')}>
          {t('race.open')}
        </Button>
      }
    />
  );
}

function VipCard({ vip, signedIn }: { vip: NonNullable<PromotionsSummary['vip']>; signedIn: boolean }) {
  const navigate = useNavigate();
  const me = vip.me;
  return (
    <HubCard
      kind="vip"
      icon={<Crown size={44} />}
      title={t('vip.title')}
      text={t('vip.text', { levels: vip.levels })}
      signedIn={signedIn}
      state={
        me && (
          <span className="hub-vip" data-testid="hub-vip-me">
            <span className="hub-vip__row">
              <span>{t('vip.level', { level: me.level, name: me.name })}</span>
              <span>{me.next ? t('vip.next', { progress: me.progress, next: me.next }) : t('vip.top')}</span>
            </span>
            <span
              className="hub-bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={me.progress}
              aria-label={t('stats.vip')}
            >
              <span style={{ width: `${me.progress}%` }} />
            </span>
          </span>
        )
      }
      action={
        <Button variant="secondary" fullWidth onClick={() => void navigate('/vip')}>
          {t('vip.open')}
        </Button>
      }
    />
  );
}

/** The public codes, each activated in place (a guest is asked to sign in). */
export function PublicCodes({ codes, signedIn }: { codes: PromotionsSummary['codes']; signedIn: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (codes.length === 0) return null;
  const activate = async (code: string) => {
    if (!signedIn) {
      toast.error(t('login'));
      signIn();
      return;
    }
    setBusy(code);
    try {
      await api(promocodeApi.activate, { code });
      toast.success(t('codes.activated'));
      refreshAfterActivation();
      refreshSummary();
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t('failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="hub-codes" data-testid="hub-codes">
      <header className="hub-section__head">
        <TicketPercent size={20} aria-hidden="true" />
        <div>
          <h2 className="pg-section-title">{t('codes.title')}</h2>
          <p className="hub-section__text">{t('codes.text')}</p>
        </div>
      </header>
      <ul className="hub-codes__list">
        {codes.map((c) => (
          <li key={c._id} className={clsx('hub-code', c.used && 'is-used')} data-testid="hub-code">
            <span className="hub-code__value">
              <Coins size={16} aria-hidden="true" /> {short(c.value, 6)} {c.currency.toUpperCase()}
            </span>
            <span className="hub-code__code">{c.code}</span>
            {c.description && <span className="hub-code__text">{c.description}</span>}
            <span className="hub-code__tags">
              <span className="pg-tag">
                {c.type === 'tickets'
                  ? t('codes.tickets', { count: c.tickets ?? 0 })
                  : c.type === 'bonus'
                    ? t('codes.bonus', { multiplier: c.multiplier })
                    : t('codes.real')}
              </span>
              {c.vipLevel > 0 && <span className="pg-tag">{t('codes.vip', { level: c.vipLevel })}</span>}
              {c.usesLeft !== null && (
                <span className="pg-tag">{t('codes.usesLeft', { count: c.usesLeft })}</span>
              )}
            </span>
            {c.used ? (
              <span className="hub-pill hub-pill--ok hub-code__done" data-testid="hub-code-used">
                <CheckCircle2 size={14} aria-hidden="true" /> {t('codes.used')}
              </span>
            ) : (
              <Button
                size="sm"
                variant="primary"
                loading={busy === c.code}
                onClick={() => void activate(c.code)}
                data-testid="hub-code-activate"
              >
                {t('codes.activate')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The programme cards; `withDeposit` adds the deposit bonus card (the /promotions page has its banner). */
export function ProgrammeGrid({
  summary,
  withDeposit,
}: {
  summary: PromotionsSummary;
  withDeposit: boolean;
}) {
  const signedIn = summary.signedIn;
  const cards = [
    withDeposit && summary.depositBonus?.model && (
      <DepositCard key="deposit" data={summary.depositBonus} signedIn={signedIn} />
    ),
    summary.wheel && <WheelCard key="wheel" wheel={summary.wheel} signedIn={signedIn} />,
    summary.faucet && <FaucetCard key="faucet" faucet={summary.faucet} signedIn={signedIn} />,
    summary.rakeback && <RakebackCard key="rakeback" rakeback={summary.rakeback} signedIn={signedIn} />,
    summary.race && <RaceCard key="race" race={summary.race} signedIn={signedIn} />,
    summary.vip && <VipCard key="vip" vip={summary.vip} signedIn={signedIn} />,
  ].filter(Boolean);
  if (cards.length === 0) return null;
  return (
    <div className="hub-grid" data-testid="hub-grid">
      {cards}
    </div>
  );
}

/** /rewards' strip: what the player holds or can collect now. */
export function RewardStats({ summary }: { summary: PromotionsSummary }) {
  const now = useNow();
  const tiles: { key: string; label: string; value: string }[] = [];
  if (summary.wheel)
    tiles.push({ key: 'tickets', label: t('stats.tickets'), value: String(summary.wheel.tickets ?? 0) });
  if (summary.rakeback) {
    const list = (summary.rakeback.claimable ?? []).filter((r) => Number(r.value) > 0);
    tiles.push({
      key: 'rakeback',
      label: t('stats.rakeback'),
      value: list.length
        ? list.map((r) => `${short(r.value, 6)} ${r.id.toUpperCase()}`).join(' · ')
        : t('stats.none'),
    });
  }
  if (summary.faucet)
    tiles.push({
      key: 'faucet',
      label: t('stats.faucet'),
      value:
        summary.faucet.deposited === false
          ? t('faucet.depositFirst')
          : availability(summary.faucet.nextClaimAt, now),
    });
  if (summary.vip?.me)
    tiles.push({ key: 'vip', label: t('stats.vip'), value: `${summary.vip.me.progress}%` });
  if (tiles.length === 0) return null;
  return (
    <div className="hub-stats" data-testid="hub-stats">
      {tiles.map((tile) => (
        <div key={tile.key} className={`hub-stat hub-stat--${tile.key}`} data-testid={`hub-stat-${tile.key}`}>
          <span className="hub-stat__label">{tile.label}</span>
          <span className="hub-stat__value tabular">{tile.value}</span>
        </div>
      ))}
    </div>
  );
}

/** The page's hero (its art is CSS: gradients and the programme icons). */
export function HubHero({
  variant,
  signedIn,
}: {
  variant: 'promotionsHero' | 'rewardsHero';
  signedIn: boolean;
}) {
  return (
    <section className={clsx('hub-hero', `hub-hero--${variant}`)}>
      <div className="hub-hero__copy">
        <span className="hub-hero__tag">{t(`${variant}.tag`)}</span>
        <h2 className="hub-hero__title">{t(`${variant}.title`)}</h2>
        <p className="hub-hero__text">{t(`${variant}.text`)}</p>
        {!signedIn && (
          <div>
            <Button
              variant="primary"
              icon={<LogIn size={16} />}
              onClick={signIn}
              data-testid="hub-hero-signin"
            >
              {t('signIn')}
            </Button>
          </div>
        )}
      </div>
      <div className="hub-hero__art" aria-hidden="true">
        <span className="hub-hero__orb hub-hero__orb--a">
          <Gift size={34} />
        </span>
        <span className="hub-hero__orb hub-hero__orb--b">
          <Trophy size={28} />
        </span>
        <span className="hub-hero__orb hub-hero__orb--c">
          <Crown size={24} />
        </span>
      </div>
    </section>
  );
}

export const hubText = t;
