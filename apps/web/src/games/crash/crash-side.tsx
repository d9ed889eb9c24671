/**
 * Crash's sidebar: Manual / Auto, the wager (the frame's input with ½ and x2), the auto cash-out
 * target, the profit at the target, the auto bet settings, and the play button: 'Bet' in the
 * betting phase, 'Cancel bet' once in, 'Cash out {amount}' (live) while the bet rides, 'Bet (next
 * round)' otherwise, 'Start / Stop auto bet' in auto.
 */
import { useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { ratio } from '@nebula/games';
import { Button, CurrencyIcon, Tabs } from '../../ui';
import { AutoSettings } from '../frame/auto-settings';
import { RefusalNotice } from '../frame/refusal-notice';
import { parseSignedDecimal, parseWagerText, profitOnWin, wagerText } from '../frame/wager';
import { WagerInput } from '../frame/wager-input';
import { canCashOut, crashButton, type CrashButtonKind } from './crash-button';
import { liveHundredths, useAnimationFrame } from './crash-live';
import { payoutAt } from './crash-format';
import type { BettingType, CrashPlayer } from './crash-player';
import type { CrashRoom } from './crash-room';
import { TargetField } from './crash-target';
import './crash-side.css';
import { formatMoney, useBalanceText } from '../../lib/money-format';
import { useTranslation } from '../../lib/i18n';

type CurrencyView = Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;

export interface CrashSideProps {
  room: CrashRoom;
  player: CrashPlayer;
  currency: CurrencyView;
  decimals: number;
  /** Real balance (decimal string), null for guests. */
  balance: string | null;
  /** The player is in demo (fun) mode: crash takes real bets only. */
  demo: boolean;
}

/** The live 'Cash out {amount}' text, rewritten every frame. */
function CashOutLabel({
  room,
  currency,
  decimals,
}: {
  room: CrashRoom;
  currency: CurrencyView;
  decimals: number;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const paint = (now: number) => {
    const { round, mine } = room.state;
    const el = ref.current;
    if (!el || !mine) return;
    const payout = payoutAt(mine.game.bet.wager, liveHundredths(round, now), decimals);
    const shown = formatMoney(parseSignedDecimal(payout, decimals), decimals);
    const text = t('gameCrash.button.cashout', { amount: shown });
    if (el.textContent !== text) el.textContent = text;
  };
  useAnimationFrame(paint);
  useLayoutEffect(() => paint(performance.now()));
  return (
    <span className="crash-cashout">
      <span ref={ref} className="tabular" data-testid="crash-cashout-label" />
      <CurrencyIcon currency={currency} size={18} />
    </span>
  );
}

export function CrashSide({ room, player, currency, decimals, balance, demo }: CrashSideProps) {
  const { t } = useTranslation();
  const roomState = useStore(room.store);
  const state = useStore(player.store);
  const button = crashButton(roomState, state);
  const locked = player.locked;
  const wager = parseWagerText(state.wagerText, decimals);
  const profit = profitOnWin(wager, state.target === null ? null : ratio(state.target, 100));
  const balanceAtomic = balance === null ? null : (parseWagerText(balance, decimals) ?? 0n);
  const balanceShown = useBalanceText(balanceAtomic ?? 0n, currency.id, decimals);
  const runProfit = state.autoRun.profit;
  const autoCashOut = state.bettingType === 'auto' && canCashOut(roomState);

  const press = (kind: CrashButtonKind) => {
    if (kind === 'bet') void player.bet();
    else if (kind === 'cancel') void player.cancel();
    else if (kind === 'cashout') void player.cashOut();
    else if (kind === 'queue' || kind === 'unqueue') player.toggleQueue();
    else if (kind === 'start') player.startAuto();
    else if (kind === 'stop') player.stopAuto();
  };

  return (
    <div className={clsx('gf-side crash-side', locked && 'is-locked')}>
      <Tabs<BettingType>
        idBase="gf-crash-mode"
        tabs={(['manual', 'auto'] as const).map((id) => ({
          id,
          label: <span data-testid={`${id}-tab`}>{t(`gameFrame.${id}`)}</span>,
          disabled: state.autoRunning && id !== state.bettingType,
        }))}
        value={state.bettingType}
        onChange={player.setBettingType}
        fullWidth
        size="sm"
        aria-label={t('gameFrame.bettingType')}
        className="gf-side__tabs"
      />

      <WagerInput
        value={state.wagerText}
        onChange={player.setWagerText}
        onBlur={player.normalizeWagerText}
        onScale={player.scaleWager}
        readOnly={false}
        invalid={wager === null}
        disabled={locked}
        currency={currency}
        aside={
          balanceAtomic !== null && (
            <span
              className="gf-field__hint gf-balance"
              data-testid="frame-balance"
              title={t('gameFrame.balance')}
            >
              <span className="tabular">{balanceShown}</span>
            </span>
          )
        }
      />

      <TargetField target={state.target} onChange={player.setTarget} disabled={locked} />

      <div className="gf-field">
        <div className="gf-field__label">
          <span>{t('gameCrash.profitOnTarget')}</span>
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

      {state.bettingType === 'auto' && (
        <AutoSettings
          form={state.autoForm}
          error={state.autoFormError}
          onChange={player.setAutoForm}
          disabled={state.autoRunning}
          currency={currency}
        />
      )}

      <div className="gf-play crash-play">
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
        {autoCashOut && (
          <Button
            size="lg"
            fullWidth
            className="gf-play__btn gf-play__btn--take crash-play__cashout"
            disabled={state.busy === 'cashout'}
            loading={state.busy === 'cashout'}
            onClick={() => void player.cashOut()}
            data-testid="crash-cashout"
          >
            <CashOutLabel room={room} currency={currency} decimals={decimals} />
          </Button>
        )}
        <Button
          size="lg"
          fullWidth
          className={clsx(
            'gf-play__btn',
            button.kind === 'cashout' && 'gf-play__btn--take',
            (button.kind === 'cancel' || button.kind === 'unqueue') && 'gf-play__btn--cancel',
            button.kind === 'stop' && 'gf-play__btn--stop',
          )}
          disabled={button.disabled}
          loading={button.loading}
          onClick={() => press(button.kind)}
          data-testid="bet-button"
          data-label={button.kind}
        >
          {button.kind === 'cashout' ? (
            <CashOutLabel room={room} currency={currency} decimals={decimals} />
          ) : (
            t(`gameCrash.button.${button.kind}`)
          )}
        </Button>
        {button.kind === 'unqueue' && (
          <p className="crash-play__hint" data-testid="crash-queued">
            {t('gameCrash.queuedHint')}
          </p>
        )}
        {demo && (
          <p className="gf-play__reason" data-testid="block-reason">
            {t('gameCrash.demoOnly')}
          </p>
        )}
        <RefusalNotice />
      </div>
    </div>
  );
}
