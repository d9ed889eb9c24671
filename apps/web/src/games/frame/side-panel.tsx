/**
 * The sidebar of the frame (spec 3 sections 2 and 4): Manual/Auto, the wager input with ½ and x2,
 * the game's own controls, the auto settings, 'Profit on win' and the play button.
 */
import { useMemo } from 'react';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { getGame, type Ratio } from '@nebula/games';
import { formatAmount } from '@nebula/money';
import { Button, CurrencyIcon, Tabs } from '../../ui';
import type { GameUi } from '../types';
import { AutoSettings } from './auto-settings';
import type { GameSession, SessionState } from './game-session';
import { canChangeBettingType, isPlayButtonBlocked, playButtonLabel, type BettingType } from './play-button';
import { parseWagerText, profitOnWin, wagerText } from './wager';
import { WagerInput } from './wager-input';
import { RefusalNotice } from './refusal-notice';
import { useBalanceText } from '../../lib/money-format';
import { useTranslation } from '../../lib/i18n';

export interface SidePanelProps<P> {
  gameId: string;
  ui: GameUi<P, unknown>;
  session: GameSession<P>;
  state: SessionState<P>;
  houseEdgeBps: number;
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
  decimals: number;
  /** The balance the bets use (real or demo), decimal string; null for guests. */
  balance: string | null;
  demo: boolean;
  windowWidth: number;
  /** Set when the game cannot take bets now (GameData availability). */
  unavailable: string | null;
}

/** The multiplier 'Profit on win' uses: the game's win multiplier, else the best case. */
export function profitMultiplier<P>(
  gameId: string,
  ui: GameUi<P, unknown>,
  params: P,
  edge: number,
): Ratio | null {
  try {
    return ui.winMultiplier?.(params, edge) ?? getGame(gameId)?.maxMultiplier(params, edge) ?? null;
  } catch {
    return null; // params not playable yet (no picks, no stakes)
  }
}

export function SidePanel<P>({
  gameId,
  ui,
  session,
  state,
  houseEdgeBps,
  currency,
  decimals,
  balance,
  demo,
  windowWidth,
  unavailable,
}: SidePanelProps<P>) {
  const { t } = useTranslation();
  const locked = state.pending || state.autoRunning;
  const stakes = ui.stakes;
  const wager = session.wager(state);
  const multiplier = useMemo(
    () => profitMultiplier(gameId, ui, state.params, houseEdgeBps),
    [gameId, ui, state.params, houseEdgeBps],
  );
  const profit = profitOnWin(wager, multiplier);
  const buttonInput = { ...state, windowWidth };
  const label = playButtonLabel(buttonInput);
  const blockReason = !locked ? (ui.blockReason?.(state.params) ?? null) : null;
  const buttonBlocked = isPlayButtonBlocked(buttonInput) || (!state.autoRunning && unavailable !== null);
  const Controls = ui.Controls;
  const balanceAtomic = balance === null ? null : (parseWagerText(balance, decimals) ?? 0n);
  const balanceShown = useBalanceText(balanceAtomic ?? 0n, currency.id, decimals);
  const shownWager = stakes ? wagerText(wager ?? 0n, decimals) : state.wagerText;
  const runProfit = state.autoRun.profit;

  return (
    <div className={clsx('gf-side', locked && 'is-locked')}>
      <Tabs<BettingType>
        idBase={`gf-${gameId}-mode`}
        tabs={(['manual', 'auto'] as const).map((id) => ({
          id,
          label: <span data-testid={`${id}-tab`}>{t(`gameFrame.${id}`)}</span>,
          disabled: !canChangeBettingType(state) && id !== state.bettingType,
        }))}
        value={state.bettingType}
        onChange={session.setBettingType}
        fullWidth
        size="sm"
        aria-label={t('gameFrame.bettingType')}
        className="gf-side__tabs"
      />

      <WagerInput
        value={shownWager}
        onChange={session.setWagerText}
        onBlur={session.normalizeWagerText}
        onScale={session.scaleWager}
        readOnly={!!stakes}
        onClear={stakes ? () => session.setParams(stakes.clear(state.params)) : undefined}
        invalid={!stakes && wager === null}
        disabled={locked}
        currency={currency}
        aside={
          balanceAtomic !== null && (
            <span
              className="gf-field__hint gf-balance"
              data-testid="frame-balance"
              title={demo ? t('gameFrame.demoBalance') : t('gameFrame.balance')}
            >
              {demo && <span className="gf-balance__tag">{t('gameFrame.demoBalance')}</span>}
              <span className="tabular">{balanceShown}</span>
            </span>
          )
        }
      />

      {Controls && (
        <div className="gf-side__controls">
          <Controls
            params={state.params}
            setParams={session.setParams}
            locked={locked}
            houseEdgeBps={houseEdgeBps}
            wager={wager ?? 0n}
            currency={currency.id}
            decimals={decimals}
          />
        </div>
      )}

      {state.bettingType === 'auto' && (
        <AutoSettings
          form={state.autoForm}
          error={state.autoFormError}
          onChange={session.setAutoForm}
          disabled={state.autoRunning}
          currency={currency}
        />
      )}

      <div className="gf-field">
        <div className="gf-field__label">
          <span>{t('gameFrame.profitOnWin')}</span>
          {multiplier && <span className="gf-field__hint tabular">{formatMultiplierShort(multiplier)}</span>}
        </div>
        <div className="gf-wager is-readonly">
          <span className="gf-wager__icon">
            <CurrencyIcon currency={currency} size={18} />
          </span>
          <output className="gf-wager__input gf-profit tabular" data-testid="profit-on-win">
            {wagerText(profit, decimals)}
          </output>
        </div>
      </div>

      <div className="gf-play">
        {state.autoRunning && (
          <div className="gf-play__progress" data-testid="auto-progress">
            <span>
              {state.autoTarget > 0
                ? t('gameFrame.autoSettings.progress', {
                    played: state.autoRun.played,
                    total: state.autoTarget,
                  })
                : t('gameFrame.autoSettings.progressInfinite', { played: state.autoRun.played })}
            </span>
            <span className={clsx('tabular', runProfit > 0n && 'is-win', runProfit < 0n && 'is-loss')}>
              {t('gameFrame.autoSettings.runProfit')}: {runProfit > 0n ? '+' : runProfit < 0n ? '-' : ''}
              {wagerText(runProfit < 0n ? -runProfit : runProfit, decimals)}
            </span>
          </div>
        )}
        <Button
          size="lg"
          fullWidth
          className={clsx('gf-play__btn', label === 'stop' && 'gf-play__btn--stop')}
          disabled={buttonBlocked}
          onClick={session.press}
          data-testid="bet-button"
          data-label={label}
        >
          {t(`gameFrame.button.${label}`)}
        </Button>
        {(unavailable || blockReason) && (
          <p className="gf-play__reason" data-testid="block-reason">
            {unavailable ?? blockReason}
          </p>
        )}
        <RefusalNotice />
      </div>
    </div>
  );
}

function formatMultiplierShort(multiplier: Ratio): string {
  const scaled = (multiplier.num * 100n) / multiplier.den;
  return `${formatAmount(scaled, 2, { thousands: true })}x`;
}
