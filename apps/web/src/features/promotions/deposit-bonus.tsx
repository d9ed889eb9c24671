/**
 * Bonus money on the promotions page (spec 2 sections 2-5): the deposit offer (the First-deposit bonus
 * popup: opt in, then Deposit; it closes when the bonus state changes unless the opt-in was just made),
 * the Bonus rules popup, and the player's active bonuses with their wagering progress and Cancel (asking
 * the spec's question first).
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Gift, ScrollText, Sparkles, X } from 'lucide-react';
import type { DepositPromotion } from '@nebula/contracts';
import { api, isApiError } from '../../lib/api';
import { refreshBonus, useBonuses, type Bonus } from '../../lib/bonus';
import { events } from '../../lib/events';
import i18n, { useTranslation } from '../../lib/i18n';
import { requestLogin } from '../../lib/request-login';
import { useAppStore } from '../../lib/store';
import { Button, CurrencyIcon, openModal, toast } from '../../ui';
import { bonusCalls, useDepositBonus } from './bonus-api';
import './bonus-texts';
import './bonus.css';

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(`bonusUi.${key}`, vars);

/** The Bonus rules popup of a promotion. */
export function openBonusRules(model: DepositPromotion): void {
  openModal({
    id: 'bonus-rules',
    title: t('rulesTitle'),
    size: 'sm',
    content: () => (
      <ol className="bonus-rules" data-testid="bonus-rules">
        <li>{t('rule.optIn')}</li>
        <li>{t('rule.amount', { percent: model.percent, max: model.max, min: model.minDeposit })}</li>
        <li>{t('rule.wager', { multiplier: model.multiplier, days: model.expiryDays })}</li>
        <li>{t('rule.order')}</li>
        <li>{t('rule.excluded')}</li>
        <li>{t('rule.reset')}</li>
        <li>{t('rule.withdraw')}</li>
        <li>{t('rule.once')}</li>
      </ol>
    ),
  });
}

/** The offer's figures: percent, max, wagering, minimum, days. */
function OfferFigures({ model }: { model: DepositPromotion }) {
  return (
    <div className="bonus-offer__figures">
      <span className="bonus-offer__big">{t('percent', { percent: model.percent })}</span>
      <span className="bonus-offer__max">{t('upTo', { max: model.max })}</span>
      <div className="bonus-offer__chips">
        <span className="bonus-chip" data-testid="bonus-multiplier">
          {t('wager', { multiplier: model.multiplier })}
        </span>
        <span className="bonus-chip">{t('minDeposit', { amount: model.minDeposit })}</span>
        <span className="bonus-chip">{t('days', { days: model.expiryDays })}</span>
      </div>
    </div>
  );
}

/** The popup's body: opt in (a guest is asked to sign in), then Deposit. */
function DepositBonusBody({ close }: { close: () => void }) {
  const { data } = useDepositBonus();
  const signedIn = useAppStore((state) => !!state.user);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const justOptedIn = useRef(false);
  const count = useBonuses((state) => Object.keys(state.bonuses).length);
  const firstCount = useRef(count);
  // Closes when the bonus state changes (the bonus arrived), unless the opt-in was just made.
  useEffect(() => {
    if (count !== firstCount.current && !justOptedIn.current) close();
    firstCount.current = count;
    justOptedIn.current = false;
  }, [count, close]);

  const model = data?.model;
  if (!model) return <p className="bonus-offer__empty">{t('noOffer')}</p>;
  const checkedIn = data.state.checkedIn;

  const optIn = async () => {
    if (!signedIn) {
      toast.error(t('login'));
      requestLogin('auth');
      return;
    }
    setBusy(true);
    try {
      await api(bonusCalls.depositOptIn, { id: model._id });
      justOptedIn.current = true;
      await queryClient.invalidateQueries({ queryKey: ['depositBonus'] });
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bonus-offer bonus-offer--popup" data-testid="deposit-bonus-popup">
      <div className="bonus-offer__art" aria-hidden="true">
        <Gift size={40} />
        <Sparkles size={18} className="bonus-offer__spark" />
      </div>
      <OfferFigures model={model} />
      <p className="bonus-offer__text">{model.description}</p>
      {checkedIn && (
        <p className="bonus-offer__in" data-testid="bonus-opted-in">
          {t('optedIn', { amount: model.minDeposit })}
        </p>
      )}
      <div className="bonus-offer__actions">
        {checkedIn ? (
          <Button
            variant="primary"
            fullWidth
            onClick={() => {
              close();
              events.emit('open-wallet', { tab: 'deposit' });
            }}
            data-testid="bonus-deposit"
          >
            {t('deposit')}
          </Button>
        ) : (
          <Button variant="primary" fullWidth loading={busy} onClick={optIn} data-testid="bonus-opt-in">
            {t('optIn')}
          </Button>
        )}
        <Button variant="ghost" icon={<ScrollText size={16} />} onClick={() => openBonusRules(model)}>
          {t('rules')}
        </Button>
      </div>
    </div>
  );
}

/** The First-deposit bonus popup. */
export function openDepositBonus(title: string): void {
  openModal({
    id: 'deposit-bonus',
    title,
    size: 'sm',
    content: ({ close }) => <DepositBonusBody close={close} />,
  });
}

function shortAmount(value: string): string {
  const [whole = '0', frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** The cancel question, then POST /api/cancelBonus and a refreshed list. */
function confirmCancel(bonus: Bonus): void {
  openModal({
    id: 'bonus-cancel',
    title: t('cancelTitle'),
    size: 'sm',
    content: ({ close }) => (
      <div className="bonus-cancel" data-testid="bonus-cancel-confirm">
        <p>{t('cancelConfirm')}</p>
        <div className="bonus-cancel__actions">
          <Button variant="secondary" onClick={close}>
            {t('cancelNo')}
          </Button>
          <Button
            variant="danger"
            data-testid="bonus-cancel-yes"
            onClick={async () => {
              try {
                await api(bonusCalls.cancelBonus, { id: bonus._id });
                toast.success(t('cancelled'));
              } catch {
                toast.error(t('failed'));
              }
              close();
              await refreshBonus();
            }}
          >
            {t('cancelYes')}
          </Button>
        </div>
      </div>
    ),
  });
}

function BonusCard({ bonus }: { bonus: Bonus }) {
  const { i18n: current } = useTranslation();
  const currency = useAppStore((state) => state.currencies[bonus.currency]);
  const required = Number(bonus.wagering.required);
  const done = Number(bonus.wagering.done);
  const percent = required > 0 ? Math.min(100, Math.floor((done / required) * 100)) : 100;
  const unit = bonus.currency.toUpperCase();
  const date = new Date(bonus.expiresAt).toLocaleDateString(current.language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <article className="bonus-card" data-testid="bonus-card">
      <header className="bonus-card__head">
        {currency && <CurrencyIcon currency={currency} />}
        <div>
          <p className="bonus-card__label">{t('left')}</p>
          <p className="bonus-card__value tabular" data-testid="bonus-value">
            {shortAmount(bonus.value)} {unit}
          </p>
        </div>
        <span className="bonus-card__tag">{t('offerTag')}</span>
      </header>
      <div className="bonus-card__progress">
        <div className="bonus-card__row">
          <span>{t('wagering')}</span>
          <span className="tabular" data-testid="bonus-wagering">
            {t('wageringOf', {
              done: shortAmount(bonus.wagering.done),
              required: shortAmount(bonus.wagering.required),
              currency: unit,
            })}
          </span>
        </div>
        <div
          className="bonus-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('wagering')}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <footer className="bonus-card__foot">
        <span className="bonus-card__meta">
          <CalendarClock size={14} aria-hidden="true" />
          {t('expires', { date })}
        </span>
        <Button
          size="sm"
          variant="ghost"
          icon={<X size={14} />}
          onClick={() => confirmCancel(bonus)}
          data-testid="bonus-cancel"
        >
          {t('cancel')}
        </Button>
      </footer>
    </article>
  );
}

/** The promotions page's bonus section: the offer and the player's active bonuses. */
export function BonusSection({ offerTitle }: { offerTitle: string }) {
  const signedIn = useAppStore((state) => !!state.user);
  const byId = useBonuses((state) => state.bonuses);
  const bonuses = Object.values(byId);
  const { data } = useDepositBonus();
  const queryClient = useQueryClient();
  useEffect(() => {
    void refreshBonus();
  }, [signedIn]);
  // A bonus arrived or ended: the offer open to the player changes with it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['depositBonus'] });
  }, [bonuses.length, queryClient]);
  const model = data?.model;
  return (
    <section className="bonus-section" data-testid="bonus-section">
      {model && (
        <div className="bonus-banner" data-testid="deposit-bonus-banner">
          <div className="bonus-banner__copy">
            <span className="bonus-banner__tag">
              <Gift size={14} aria-hidden="true" />
              {t('offerTag')}
            </span>
            <h2 className="bonus-banner__title">{model.name}</h2>
            <OfferFigures model={model} />
          </div>
          <div className="bonus-banner__actions">
            <Button variant="primary" onClick={() => openDepositBonus(offerTitle)} data-testid="bonus-get">
              {data.state.checkedIn ? t('deposit') : t('getBonus')}
            </Button>
            <Button variant="ghost" onClick={() => openBonusRules(model)} data-testid="bonus-rules-link">
              {t('rules')}
            </Button>
          </div>
        </div>
      )}
      {signedIn && (
        <div>
          <h2 className="pg-section-title">{t('yourBonuses')}</h2>
          {bonuses.length === 0 ? (
            <p className="bonus-empty">{t('noBonuses')}</p>
          ) : (
            <div className="bonus-list">
              {bonuses.map((bonus) => (
                <BonusCard key={bonus._id} bonus={bonus} />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
