/**
 * `/bonus` (spec 1 section 2.1, spec 2 sections 5, 8 and 9): the faucet for signed-in players (a guest is
 * sent to the sign-in dialog by the route's guard) and the way into the bonus wheel.
 *
 * The faucet's status reads 'Available' or 'Available in N seconds/minutes/hours' (from Me's
 * `bonus_claim`, refreshed every 500 ms), 'Spinning...' while the claim is pending and its reward rolls
 * (5 s), then 'Received ${value}'. The button is disabled while spinning or when the status is not
 * Available. After a win the next claim time comes from the answer, user data is refreshed and the
 * button is re-enabled after 1.5 s. Code 1 shows the timeout message; code 2 the deposit message, and
 * the button is enabled again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, Droplets, Gift, Info, Sparkles, Ticket, Wallet } from 'lucide-react';
import {
  FAUCET_REENABLE_MS,
  FAUCET_REFRESH_MS,
  FAUCET_REWARD_MS,
  FaucetCodes,
  faucetWait,
} from '@nebula/contracts/constants';
import { api, isApiError } from '../../lib/api';
import { events } from '../../lib/events';
import { useTranslation } from '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { Button, CurrencyIcon, PageFrame, toast } from '../../ui';
import { TICKET_DATA_KEY, refreshUser, useTicketData, wheelCalls } from './wheel-api';
import './wheel-texts';
import './faucet.css';

type Phase = 'idle' | 'spinning' | 'received';

const DIGITS = '0123456789';
const randomDigit = () => DIGITS[Math.floor(Math.random() * 10)]!;

/**
 * The reward's digits rolling like a slot: random while `target` is unknown, then settling left to right
 * over the reward animation (5 s) onto `target`.
 */
function RollingValue({ target, startedAt }: { target: string | null; startedAt: number | null }) {
  const [text, setText] = useState('0.000000');
  useEffect(() => {
    if (startedAt === null) return;
    const shape = target ?? '0.000000';
    const id = window.setInterval(() => {
      const elapsed = target ? performance.now() - startedAt : 0;
      setText(
        [...shape]
          .map((ch, i) => {
            if (ch === '.') return ch;
            const settleAt = (FAUCET_REWARD_MS * (i + 1)) / (shape.length + 1);
            return target && elapsed >= settleAt ? ch : randomDigit();
          })
          .join(''),
      );
    }, 55);
    return () => window.clearInterval(id);
  }, [target, startedAt]);
  return <span className="num">{startedAt === null ? (target ?? text) : text}</span>;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function FaucetCard() {
  const { t } = useTranslation();
  const bonusClaim = useAppStore((state) => state.user?.bonus_claim ?? null);
  // The next claim: Me's `bonus_claim`, or the one a claim here answered (whichever is later).
  const [claimedNext, setNextAt] = useState(0);
  const nextAt = Math.max(bonusClaim ? Date.parse(bonusClaim) : 0, claimedNext);
  const [phase, setPhase] = useState<Phase>('idle');
  const [reward, setReward] = useState<{ value: string; currency: string } | null>(null);
  const [rollFrom, setRollFrom] = useState<number | null>(null);
  const [needsDeposit, setNeedsDeposit] = useState(false);
  const timers = useRef<number[]>([]);
  const currency = useAppStore((state) => (reward ? state.currencies[reward.currency] : undefined));
  const now = useNow(FAUCET_REFRESH_MS);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const wait = faucetWait((nextAt - now) / 1000);
  const status =
    phase === 'spinning'
      ? t('faucetUi.spinning')
      : phase === 'received' && reward
        ? t('faucetUi.received', { value: `${reward.value} ${reward.currency.toUpperCase()}` })
        : wait
          ? t(`faucetUi.in_${wait.unit}`, { count: wait.count })
          : t('faucetUi.available');
  const available = phase === 'idle' && !wait;

  const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));

  async function claim() {
    if (!available) return;
    setPhase('spinning');
    setNeedsDeposit(false);
    setReward(null);
    setRollFrom(performance.now());
    try {
      const answer = await api(wheelCalls.faucet, {});
      setReward({ value: answer.value, currency: answer.currency });
      setRollFrom(performance.now());
      later(FAUCET_REWARD_MS, () => {
        setRollFrom(null);
        setPhase('received');
        setNextAt(Date.now() + answer.next * 1000);
        void refreshUser().catch(() => undefined);
        later(FAUCET_REENABLE_MS, () => setPhase('idle'));
      });
    } catch (error) {
      setRollFrom(null);
      setPhase('idle');
      if (isApiError(error) && error.code === FaucetCodes.notYet) {
        toast.error(t('faucetUi.notYet'));
        void refreshUser().catch(() => undefined);
      } else if (isApiError(error) && error.code === FaucetCodes.depositRequired) {
        setNeedsDeposit(true);
        toast.error(t('faucetUi.depositRequired'));
      } else toast.error(t('faucetUi.failed'));
    }
  }

  const showReward = phase !== 'idle' || reward !== null;
  return (
    <section className={`pg-card faucet2${phase === 'spinning' ? ' is-spinning' : ''}`} data-testid="faucet">
      <div className="faucet2__glow" aria-hidden="true" />
      <div className="faucet2__visual" aria-hidden="true">
        <span className="faucet2__ring" />
        <span className="faucet2__drop">
          <Droplets size={44} />
        </span>
        {phase === 'received' && <Sparkles className="faucet2__spark" size={22} />}
      </div>
      <h2 className="faucet2__title">{t('faucetUi.title')}</h2>
      <p
        className={`faucet2__status${available ? ' is-available' : ''}`}
        data-testid="faucet-status"
        aria-live="polite"
      >
        {status}
      </p>
      <div className={`faucet2__reward${showReward ? ' is-shown' : ''}`} data-testid="faucet-reward">
        {showReward && (
          <>
            {currency && <CurrencyIcon currency={currency} size={22} />}
            <RollingValue target={reward?.value ?? null} startedAt={rollFrom} />
            {reward && <span className="faucet2__unit">{reward.currency.toUpperCase()}</span>}
          </>
        )}
      </div>
      <Button
        size="lg"
        fullWidth
        disabled={!available}
        onClick={() => void claim()}
        icon={<Gift size={18} />}
        data-testid="faucet-claim"
      >
        {phase === 'spinning' ? t('faucetUi.spinning') : t('faucetUi.claim')}
      </Button>
      {needsDeposit && (
        <Button
          variant="secondary"
          fullWidth
          icon={<Wallet size={16} />}
          onClick={() => events.emit('open-wallet', { tab: 'deposit' })}
        >
          {t('faucetUi.deposit')}
        </Button>
      )}
      <ul className="faucet2__rules">
        <li>
          <Wallet size={15} aria-hidden="true" />
          <span>{t('faucetUi.rules.deposit')}</span>
        </li>
        <li>
          <Droplets size={15} aria-hidden="true" />
          <span>{t('faucetUi.rules.daily')}</span>
        </li>
        <li>
          <Crown size={15} aria-hidden="true" />
          <span>
            {t('faucetUi.rules.vip')} <Link to="/vip">{t('faucetUi.vipLink')}</Link>
          </span>
        </li>
      </ul>
    </section>
  );
}

function WheelCard() {
  const { t } = useTranslation();
  const { data } = useTicketData();
  const queryClient = useQueryClient();
  const tickets = data?.model.tickets ?? 0;
  return (
    <section className="pg-card wheelcard" data-testid="wheel-card">
      <div className="wheelcard__art" aria-hidden="true">
        <span className="wheelcard__disc" />
      </div>
      <div className="wheelcard__copy">
        <h2 className="pg-card__title">{t('faucetUi.wheelTitle')}</h2>
        <p className="pg-card__text">{t('faucetUi.wheelText')}</p>
        <span className="wheelcard__tickets">
          <Ticket size={15} aria-hidden="true" /> {t('wheelUi.tickets', { count: tickets })}
        </span>
      </div>
      <Button
        variant="secondary"
        onClick={() => {
          void queryClient.invalidateQueries({ queryKey: [TICKET_DATA_KEY] });
          events.emit('toggle-bonus');
        }}
        data-testid="wheel-open"
      >
        {t('faucetUi.wheelOpen')}
      </Button>
    </section>
  );
}

export function FaucetPage() {
  const { t } = useTranslation();
  const title = t('nav.bonus');
  return (
    <PageFrame
      title={title}
      subtitle={t('faucetUi.subtitle')}
      breadcrumbs={[{ label: t('nav.promotions'), to: '/promotions' }, { label: title }]}
      width="narrow"
    >
      <div className="pg-stack">
        <FaucetCard />
        <WheelCard />
        <p className="pg-note">
          <Info size={16} aria-hidden="true" />
          <span>{t('wheelUi.tooltip')}</span>
        </p>
      </div>
    </PageFrame>
  );
}
