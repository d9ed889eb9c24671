/**
 * The bet slip (issue G9 item 3; spec 3 sections 3, 8 and 9): singles (a stake per selection) or one
 * multi, odds in the player's format, the potential payout, the odds-change policy, and every refusal
 * of the server shown with its text above the place button. Live bets wait in the server's queue for
 * their markets' delay (a countdown), then are confirmed; "You're too fast" is shown when the server
 * finds a confirmation early, and the slip confirms again a moment later.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Clock3, Info, Trash2, X } from 'lucide-react';
import type { OddsChangePolicy } from '@nebula/contracts';
import { MAX_MULTI_LEGS, oddsChangePolicies, oddsFormats, sportLimitText } from '@nebula/contracts/constants';
import { tryParseAmount } from '@nebula/money';
import { Button, CurrencyIcon, Tabs, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { formatMoney, formatMoneyText } from '../../lib/money-format';
import { requestLogin } from '../../lib/request-login';
import { isSignedIn, useAppStore } from '../../lib/store';
import { LiveBadge, SimulatedBadge } from './badges';
import { useOddsFlash, useOddsFormatter } from './odds';
import { newRequestId, placeBet } from './placement';
import { slipErrorText } from './slip-errors';
import {
  demoOnly,
  slipBets,
  slipProblem,
  slipTotals,
  type SlipSelection,
  type SlipProblem,
} from './slip-model';
import { useSlip } from './slip-store';
import {
  sportConfirmBet,
  sportPlaceBet,
  sportUpdatePreferences,
  usePreferences,
  useSports,
} from './sports-api';
import { useNow } from './sports-live';

function problemText(t: TFunction, problem: SlipProblem): string | null {
  if (problem.kind === 'sameEvent') return t('sportsUi.errors.sport_same_event');
  if (problem.kind === 'closed') return t('sportsUi.slip.closedHint');
  if (problem.kind === 'tooFewLegs') return t('sportsUi.slip.fewLegs');
  return null;
}

function SelectionOdds({ selection }: { selection: SlipSelection }) {
  const { t } = useTranslation();
  const format = useOddsFormatter();
  const { direction, key } = useOddsFlash(selection.odds);
  const moved = selection.odds !== selection.acceptedOdds;
  return (
    <span className="slip-sel__odds-wrap">
      <span
        key={key}
        className={clsx('slip-sel__odds tabular', direction && `is-flash-${direction}`)}
        data-testid="slip-odds"
      >
        {format(selection.odds)}
      </span>
      {moved && (
        <span className="slip-sel__moved" data-testid="slip-odds-moved">
          {t('sportsUi.slip.oddsMoved', { from: format(selection.acceptedOdds) })}
        </span>
      )}
    </span>
  );
}

function StakeInput({
  value,
  onChange,
  label,
  decimals,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  decimals: number;
  testId: string;
}) {
  return (
    <label className="slip-stake">
      <span className="slip-stake__label">{label}</span>
      <input
        className="slip-stake__input tabular"
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoney(0n, decimals)}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(',', '.'))}
        data-testid={testId}
      />
    </label>
  );
}

function SelectionCard({
  selection,
  single,
  decimals,
  parse,
}: {
  selection: SlipSelection;
  single: boolean;
  decimals: number;
  parse: (text: string) => bigint | null;
}) {
  const { t } = useTranslation();
  const remove = useSlip((state) => state.remove);
  const stake = useSlip((state) => state.stakes[selection.outcomeId] ?? '');
  const setStake = useSlip((state) => state.setStake);
  const payout = single
    ? slipTotals(
        { selections: [selection], mode: 'single', stakes: { [selection.outcomeId]: stake }, multiStake: '' },
        parse,
      ).payout
    : 0n;
  return (
    <li
      className={clsx('slip-sel', !selection.active && 'is-closed')}
      data-testid={`slip-selection-${selection.outcomeId}`}
    >
      <div className="slip-sel__head">
        <span className="slip-sel__outcome">{selection.outcomeName}</span>
        <SelectionOdds selection={selection} />
        <button
          type="button"
          className="slip-sel__remove"
          aria-label={t('sportsUi.slip.remove')}
          onClick={() => remove(selection.outcomeId)}
        >
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      <div className="slip-sel__market">{selection.marketName}</div>
      <Link to={`/${selection.sportKey}/${selection.eventId}`} className="slip-sel__event">
        {selection.eventName}
      </Link>
      {(selection.live || selection.simulated) && (
        <div className="slip-sel__badges">
          {selection.live && <LiveBadge />}
          {selection.simulated && <SimulatedBadge />}
        </div>
      )}
      {!selection.active && <p className="slip-sel__closed">{t('sportsUi.slip.closedHint')}</p>}
      {single && (
        <div className="slip-sel__stake-row">
          <StakeInput
            value={stake}
            onChange={(text) => setStake(selection.outcomeId, text)}
            label={t('sportsUi.slip.stake')}
            decimals={decimals}
            testId={`slip-stake-${selection.outcomeId}`}
          />
          <span className="slip-sel__win">
            <small>{t('sportsUi.bets.potential')}</small>
            <span className="tabular">{formatMoney(payout, decimals)}</span>
          </span>
        </div>
      )}
    </li>
  );
}

function PolicyPicker() {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const { data } = usePreferences();
  const queries = useQueryClient();
  const oddsFormat = useAppStore((state) => state.oddsFormat);
  const setSetting = useAppStore((state) => state.setSetting);
  return (
    <div className="slip-settings">
      <label className="slip-settings__row">
        <span>{t('sportsUi.slip.oddsFormat')}</span>
        <select
          value={oddsFormat}
          onChange={(event) => setSetting('oddsFormat', event.target.value as typeof oddsFormat)}
          data-testid="odds-format"
        >
          {oddsFormats.map((format) => (
            <option key={format} value={format}>
              {t(`sportsUi.slip.formats.${format}`)}
            </option>
          ))}
        </select>
      </label>
      {signedIn && (
        <label className="slip-settings__row">
          <span>{t('sportsUi.slip.policy')}</span>
          <select
            value={data?.oddsChange ?? 'none'}
            disabled={!data}
            onChange={(event) => {
              const oddsChange = event.target.value as OddsChangePolicy;
              void api(sportUpdatePreferences, { oddsChange }).then((saved) =>
                queries.setQueryData(
                  ['sports', 'preferences', useAppStore.getState().user?._id ?? null],
                  saved,
                ),
              );
            }}
            data-testid="odds-policy"
          >
            {oddsChangePolicies.map((policy) => (
              <option key={policy} value={policy}>
                {t(`sportsUi.slip.policies.${policy}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

interface QueueState {
  dueAt: number;
  tooFast: string | null;
}

function QueueNotice({ queue }: { queue: QueueState }) {
  const { t } = useTranslation();
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((queue.dueAt - now) / 1000));
  return (
    <div className="slip-queue" role="status" data-testid="slip-queue">
      <Clock3 size={15} aria-hidden="true" />
      <span>{seconds > 0 ? t('sportsUi.slip.queued', { seconds }) : t('sportsUi.slip.confirming')}</span>
      {queue.tooFast && (
        <strong className="slip-queue__fast" data-testid="slip-too-fast">
          {queue.tooFast}
        </strong>
      )}
    </div>
  );
}

export function BetSlip({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const slip = useSlip();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const accountDemo = useAppStore((state) => state.demo);
  const currencyId = useAppStore((state) => state.currency);
  const currency = useAppStore(
    (state) => state.currencies[state.currency] ?? Object.values(state.currencies)[0],
  );
  const { data: preferences } = usePreferences();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queue, setQueue] = useState<QueueState | null>(null);
  const decimals = currency?.decimals ?? 8;
  const parse = (text: string): bigint | null => {
    const parsed = tryParseAmount(text.trim(), decimals);
    return parsed.ok ? parsed.value : null;
  };
  const policy = preferences?.oddsChange ?? 'none';
  const problem = slipProblem(slip, parse, policy);
  const totals = slipTotals(slip, parse);
  const demo = accountDemo || demoOnly(slip);
  const balance = currency ? (demo ? currency.balance.demo : currency.balance.real) : '0';
  const count = slip.selections.length;
  const bets = slip.mode === 'multi' ? 1 : count;
  const format = useOddsFormatter();
  const limits = useSports().data?.limits;

  async function place() {
    if (!signedIn) {
      requestLogin('auth');
      return;
    }
    if (problem?.kind === 'oddsChanged') {
      slip.acceptOdds();
      setError(null);
      return;
    }
    if (problem || !currency) return;
    setBusy(true);
    setError(null);
    let placed = 0;
    try {
      for (const bet of slipBets(slip, accountDemo)) {
        await placeBet(
          {
            place: (request) => api(sportPlaceBet, request),
            confirm: (queueId) => api(sportConfirmBet, { queueId }),
            now: () => Date.now(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          },
          {
            type: bet.type,
            selections: bet.selections,
            stake: bet.stake,
            currency: currency.id,
            demo: bet.demo,
            requestId: newRequestId(),
          },
          {
            onQueued: ({ dueAt }) => setQueue({ dueAt, tooFast: null }),
            onTooEarly: (refusal) =>
              setQueue((current) => current && { ...current, tooFast: slipErrorText(t, refusal) }),
          },
          bet.live,
        );
        placed += 1;
        setQueue(null);
        useSlip.getState().removePlaced(bet.selections.map((selection) => selection.outcome));
      }
      toast.success(t('sportsUi.slip.placed', { count: placed }));
    } catch (refusal) {
      setQueue(null);
      if (isApiError(refusal) && refusal.code === -2) requestLogin('auth');
      setError(slipErrorText(t, refusal));
      if (placed > 0) toast.success(t('sportsUi.slip.placed', { count: placed }));
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: ['sports', 'bets'] });
    }
  }

  const problemMessage = problem ? problemText(t, problem) : null;
  return (
    <section className="slip" aria-label={t('sportsUi.slip.title')} data-testid="bet-slip">
      <header className="slip__head">
        <h2 className="slip__title">
          {t('sportsUi.slip.title')}
          {count > 0 && <span className="slip__count">{count}</span>}
        </h2>
        {count > 0 && (
          <button type="button" className="slip__clear" onClick={() => slip.clear()} disabled={busy}>
            <Trash2 size={14} aria-hidden="true" />
            {t('sportsUi.slip.clear')}
          </button>
        )}
        {onClose && (
          <button
            type="button"
            className="slip__close"
            aria-label={t('sportsUi.slip.close')}
            onClick={onClose}
          >
            <X size={18} aria-hidden="true" />
          </button>
        )}
      </header>
      {count === 0 ? (
        <div className="slip__empty">
          <div className="slip__empty-icon" aria-hidden="true">
            <TicketGlyph />
          </div>
          <p className="slip__empty-title">{t('sportsUi.slip.empty')}</p>
          <p className="slip__empty-text">{t('sportsUi.slip.emptyHint')}</p>
        </div>
      ) : (
        <>
          <Tabs
            className="slip__tabs"
            size="sm"
            fullWidth
            aria-label={t('sportsUi.slip.title')}
            value={slip.mode}
            onChange={(mode) => slip.setMode(mode)}
            tabs={[
              { id: 'single', label: t('sportsUi.slip.single'), badge: count > 1 ? count : undefined },
              { id: 'multi', label: t('sportsUi.slip.multi'), disabled: count < 2 },
            ]}
          />
          <ul className="slip__list">
            {slip.selections.map((selection) => (
              <SelectionCard
                key={selection.outcomeId}
                selection={selection}
                single={slip.mode === 'single'}
                decimals={decimals}
                parse={parse}
              />
            ))}
          </ul>
          {count >= MAX_MULTI_LEGS && (
            <p className="slip__hint">{t('sportsUi.slip.maxLegs', { count: MAX_MULTI_LEGS })}</p>
          )}
          <div className="slip__foot">
            {slip.mode === 'multi' && (
              <StakeInput
                value={slip.multiStake}
                onChange={(text) => slip.setStake('multi', text)}
                label={t('sportsUi.slip.stake')}
                decimals={decimals}
                testId="slip-stake-multi"
              />
            )}
            {limits && (
              <p className="slip__limits" data-testid="slip-limits">
                {sportLimitText('min', limits.minBetUsd)} · {sportLimitText('max', limits.maxBetUsd)}
              </p>
            )}
            <dl className="slip__totals">
              {slip.mode === 'multi' && (
                <div>
                  <dt>{t('sportsUi.slip.totalOdds')}</dt>
                  <dd className="tabular" data-testid="slip-total-odds">
                    {format(totals.odds)}
                  </dd>
                </div>
              )}
              {slip.mode === 'single' && count > 1 && (
                <div>
                  <dt>{t('sportsUi.slip.totalStake')}</dt>
                  <dd className="tabular">{formatMoney(totals.stake, decimals)}</dd>
                </div>
              )}
              <div className="slip__payout">
                <dt>{t('sportsUi.slip.payout')}</dt>
                <dd className="tabular" data-testid="slip-payout">
                  {currency && <CurrencyIcon currency={currency} size={14} />}
                  {formatMoney(totals.payout, decimals)}
                </dd>
              </div>
              {signedIn && currency && (
                <div className="slip__balance">
                  <dt>{demo ? t('sportsUi.slip.demoBalance') : t('sportsUi.slip.balance')}</dt>
                  <dd className="tabular" data-testid="slip-balance">
                    {formatMoneyText(balance, decimals)} {currencyId.toUpperCase()}
                  </dd>
                </div>
              )}
            </dl>
            {demoOnly(slip) && !accountDemo && (
              <p className="slip__note">
                <Info size={14} aria-hidden="true" />
                {t('sportsUi.slip.demoOnly')}
              </p>
            )}
            {problemMessage && (
              <p className="slip__problem" data-testid="slip-problem">
                <AlertTriangle size={14} aria-hidden="true" />
                {problemMessage}
              </p>
            )}
            {queue && <QueueNotice queue={queue} />}
            {error && (
              <p className="slip__error" role="alert" data-testid="slip-error">
                <AlertTriangle size={14} aria-hidden="true" />
                {error}
              </p>
            )}
            <Button
              fullWidth
              size="lg"
              loading={busy}
              disabled={busy || (!!problem && problem.kind !== 'oddsChanged' && signedIn)}
              onClick={() => void place()}
              data-testid="slip-place"
              className={clsx('slip__place', problem?.kind === 'oddsChanged' && 'is-accept')}
            >
              {!signedIn
                ? t('sportsUi.slip.signIn')
                : problem?.kind === 'oddsChanged'
                  ? t('sportsUi.slip.acceptOdds')
                  : t('sportsUi.slip.place', { count: bets })}
            </Button>
          </div>
        </>
      )}
      <PolicyPicker />
    </section>
  );
}

function TicketGlyph() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" fill="none">
      <rect x="6" y="8" width="28" height="24" rx="4" stroke="currentColor" strokeWidth="2" />
      <path d="M6 16h28M12 22h10M12 27h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
