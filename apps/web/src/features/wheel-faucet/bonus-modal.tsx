/**
 * The bonus modal (spec 1 sections 2.3, 4-8), toggled by the `toggle-bonus` event: the ticket count with
 * the tooltip, the wheel, the spin button, the prizes with their published chances and the codes that
 * grant spins. A spin is blocked while spinning; a guest pressing Spin gets the login modal. On an
 * answer the wheel turns (5 s, 8 rotations) to the returned segment, then the user data, the bonus
 * balance and the tickets are refreshed. Code 3 shows its text; every other failure the spec's other one.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Gift, Info, ShieldCheck, Ticket } from 'lucide-react';
import { WHEEL_PRIZE_COUNT, WHEEL_SEGMENT_COUNT, WheelCodes } from '@nebula/contracts/constants';
import type { TicketSpin } from '@nebula/contracts';
import { api, isApiError } from '../../lib/api';
import { refreshBonus } from '../../lib/bonus';
import i18n, { useTranslation } from '../../lib/i18n';
import { requestLogin } from '../../lib/request-login';
import { useAppStore } from '../../lib/store';
import { Button, closeModal, isModalOpen, openModal, toast } from '../../ui';
import { TICKET_DATA_KEY, refreshUser, useTicketData, wheelCalls } from './wheel-api';
import { BonusWheel, PRIZE_COLOURS, type WheelHandle } from './wheel-svg';
import './wheel-texts';
import './wheel.css';

export const BONUS_MODAL_ID = 'bonus-wheel';

const usdLabel = (value: string) => {
  const n = Number(value);
  return `$${n < 1 ? n.toFixed(2) : n % 1 === 0 ? n.toFixed(0) : n.toFixed(2)}`;
};

/** A decimal string with at least 2 decimals (0.1 -> 0.10). */
export const twoPlaces = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

/** The link to verify a spin on the fairness page (the Bonus wheel tab). */
export function spinVerifyHref(
  spin: Pick<TicketSpin, 'clientSeed' | 'nonce' | 'weights' | 'serverSeedHash'>,
): string {
  const q = new URLSearchParams({
    wheel: '1',
    clientSeed: spin.clientSeed,
    nonce: String(spin.nonce),
    weights: spin.weights.join(','),
    hash: spin.serverSeedHash,
  });
  return `/fairness?${q.toString()}`;
}

export function BonusModalBody() {
  const { t } = useTranslation();
  const { data } = useTicketData();
  const signedIn = useAppStore((state) => !!state.user);
  const queryClient = useQueryClient();
  const wheel = useRef<WheelHandle>(null);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<TicketSpin | null>(null);

  const prizes = data?.prizes ?? [];
  const labels = Array.from({ length: WHEEL_SEGMENT_COUNT }, (_, i) => {
    const prize = prizes[i % WHEEL_PRIZE_COUNT];
    return prize ? usdLabel(prize.value) : '';
  });
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  const tickets = data?.model.tickets ?? 0;

  async function spin() {
    if (spinning) return;
    if (!signedIn) {
      closeModal(BONUS_MODAL_ID);
      requestLogin('auth');
      return;
    }
    setSpinning(true);
    try {
      const answer = await api(wheelCalls.spin, {});
      setResult(null);
      queryClient.setQueryData(
        [TICKET_DATA_KEY, useAppStore.getState().user?._id ?? null],
        (old: typeof data) => (old ? { ...old, model: { tickets: answer.tickets } } : old),
      );
      await wheel.current?.spinTo(answer.segment);
      setResult(answer);
      void refreshUser().catch(() => undefined);
      void refreshBonus();
      void queryClient.invalidateQueries({ queryKey: [TICKET_DATA_KEY] });
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === WheelCodes.activeBonus
          ? t('wheelUi.activeBonus')
          : t('wheelUi.otherFailure'),
      );
    } finally {
      setSpinning(false);
    }
  }

  return (
    <div className="bmodal" data-testid="bonus-modal">
      <div className="bmodal__bar">
        <span className="bmodal__tickets" data-testid="wheel-tickets">
          <Ticket size={16} aria-hidden="true" />
          <span className="num">{t('wheelUi.tickets', { count: tickets })}</span>
        </span>
        <span className="bmodal__tip" tabIndex={0} aria-label={t('wheelUi.tooltip')}>
          <Info size={16} aria-hidden="true" />
          <span className="bmodal__tip-bubble" role="tooltip">
            {t('wheelUi.tooltip')}
          </span>
        </span>
      </div>

      <div className="bmodal__stage">
        <BonusWheel
          ref={wheel}
          labels={labels}
          spinning={spinning}
          highlight={result && !spinning ? result.segment : null}
        />
      </div>

      <div className="bmodal__result" aria-live="polite" data-testid="wheel-result">
        {result &&
          (Number(result.value) > 0 ? (
            <>
              <strong className="bmodal__won">
                <Gift size={18} aria-hidden="true" />{' '}
                {t('wheelUi.won', {
                  value: twoPlaces(result.value),
                  currency: result.currency.toUpperCase(),
                })}
              </strong>
              <span className="bmodal__note">{t('wheelUi.wonNote')}</span>
              <Link
                className="bmodal__verify"
                to={spinVerifyHref(result)}
                onClick={() => closeModal(BONUS_MODAL_ID)}
              >
                <ShieldCheck size={14} aria-hidden="true" /> {t('wheelUi.verify')}
              </Link>
            </>
          ) : (
            <strong>{t('wheelUi.nothing')}</strong>
          ))}
      </div>

      <Button size="lg" fullWidth onClick={() => void spin()} disabled={spinning} data-testid="wheel-spin">
        {spinning ? t('wheelUi.spinning') : t('wheelUi.spin')}
      </Button>

      {prizes.length > 0 && (
        <section className="bmodal__prizes" aria-label={t('wheelUi.prizes')}>
          <h3 className="bmodal__h">{t('wheelUi.prizes')}</h3>
          <ul>
            {prizes.map((p, i) => (
              <li key={i}>
                <span
                  className="bmodal__swatch"
                  style={{ background: PRIZE_COLOURS[i] }}
                  aria-hidden="true"
                />
                <span className="num">
                  {p.value !== p.usd && <s className="bmodal__was">{usdLabel(p.usd)}</s>}
                  {usdLabel(p.value)}
                </span>
                <span className="bmodal__chance num">
                  {t('wheelUi.chance', {
                    percent:
                      total > 0 ? ((p.weight / total) * 100).toFixed(p.weight / total < 0.1 ? 1 : 0) : '0',
                  })}
                </span>
              </li>
            ))}
          </ul>
          {data?.maxReward && <p className="bmodal__note">{t('wheelUi.capped', { max: data.maxReward })}</p>}
        </section>
      )}

      {data && data.promocodes.length > 0 && (
        <section className="bmodal__codes">
          <h3 className="bmodal__h">{t('wheelUi.promocodes')}</h3>
          <ul>
            {data.promocodes.map((c) => (
              <li key={c._id} className="pg-mono">
                {c.code}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Opens the bonus modal, or closes it when open (the `toggle-bonus` event). */
export function toggleBonusModal(): void {
  if (isModalOpen(BONUS_MODAL_ID)) {
    closeModal(BONUS_MODAL_ID);
    return;
  }
  openModal({
    id: BONUS_MODAL_ID,
    title: i18n.t('wheelUi.title'),
    size: 'sm',
    className: 'bmodal-frame',
    content: () => <BonusModalBody />,
  });
}
