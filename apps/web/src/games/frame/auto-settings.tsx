/**
 * The auto bet settings (spec 3 sections 3 and 4, plus stop on profit and stop on loss): number of
 * games (0 = infinite), on win / on loss reset or increase by a percent, stop on win, stop on profit
 * and stop on loss in the currency. Locked while the run is on.
 */
import { useId } from 'react';
import clsx from 'clsx';
import { Infinity as InfinityIcon } from 'lucide-react';
import type { Currency } from '@nebula/contracts';
import type { AutoForm, AutoFormError, OutcomeAction } from './auto-bet';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

export interface AutoSettingsProps {
  form: AutoForm;
  error: AutoFormError | null;
  onChange: (patch: Partial<AutoForm>) => void;
  disabled: boolean;
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
}

function OutcomeRow({
  label,
  action,
  percent,
  invalid,
  disabled,
  onAction,
  onPercent,
  testId,
}: {
  label: string;
  action: OutcomeAction;
  percent: string;
  invalid: boolean;
  disabled: boolean;
  onAction: (action: OutcomeAction) => void;
  onPercent: (text: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="gf-field">
      <div className="gf-field__label">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className={clsx('gf-outcome', invalid && 'is-invalid')}>
        <div className="gf-outcome__switch" role="group" aria-label={label}>
          {(['reset', 'increase'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={action === option}
              className={clsx('gf-outcome__opt', action === option && 'is-on')}
              disabled={disabled}
              onClick={() => onAction(option)}
              data-testid={`${testId}-${option}`}
            >
              {t(`gameFrame.autoSettings.${option}`)}
            </button>
          ))}
        </div>
        <div className="gf-outcome__pct">
          <input
            id={id}
            inputMode="numeric"
            value={percent}
            disabled={disabled || action === 'reset'}
            aria-label={`${label}: ${t('gameFrame.autoSettings.percent')}`}
            aria-invalid={invalid || undefined}
            data-testid={`${testId}-percent`}
            onChange={(event) => onPercent(event.target.value.replace(/[^\d]/g, ''))}
          />
          <span aria-hidden="true">%</span>
        </div>
      </div>
    </div>
  );
}

function AmountField({
  label,
  value,
  invalid,
  disabled,
  onChange,
  currency,
  testId,
}: {
  label: string;
  value: string;
  invalid: boolean;
  disabled: boolean;
  onChange: (text: string) => void;
  currency: AutoSettingsProps['currency'];
  testId: string;
}) {
  const id = useId();
  return (
    <div className="gf-field">
      <div className="gf-field__label">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className={clsx('gf-wager', invalid && 'is-invalid', disabled && 'is-disabled')}>
        <span className="gf-wager__icon">
          <CurrencyIcon currency={currency} size={16} />
        </span>
        <input
          id={id}
          className="gf-wager__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

export function AutoSettings({ form, error, onChange, disabled, currency }: AutoSettingsProps) {
  const { t } = useTranslation();
  const gamesId = useId();
  const stopId = useId();
  const infinite = (form.games.trim() || '0') === '0';
  return (
    <div className="gf-auto" data-testid="auto-settings">
      <div className="gf-field">
        <div className="gf-field__label">
          <label htmlFor={gamesId}>{t('gameFrame.autoSettings.games')}</label>
          <span className="gf-field__hint">{t('gameFrame.autoSettings.gamesHint')}</span>
        </div>
        <div className={clsx('gf-wager', error === 'games' && 'is-invalid', disabled && 'is-disabled')}>
          <input
            id={gamesId}
            className="gf-wager__input"
            inputMode="numeric"
            autoComplete="off"
            value={form.games}
            disabled={disabled}
            aria-invalid={error === 'games' || undefined}
            data-testid="auto-games-input"
            onChange={(event) => onChange({ games: event.target.value.replace(/[^\d]/g, '') })}
          />
          {infinite && <InfinityIcon size={16} className="gf-wager__suffix" aria-hidden="true" />}
        </div>
      </div>
      <OutcomeRow
        label={t('gameFrame.autoSettings.onWin')}
        action={form.onWin}
        percent={form.onWinPercent}
        invalid={error === 'onWinPercent'}
        disabled={disabled}
        onAction={(onWin) => onChange({ onWin })}
        onPercent={(onWinPercent) => onChange({ onWinPercent })}
        testId="auto-on-win"
      />
      <OutcomeRow
        label={t('gameFrame.autoSettings.onLoss')}
        action={form.onLoss}
        percent={form.onLossPercent}
        invalid={error === 'onLossPercent'}
        disabled={disabled}
        onAction={(onLoss) => onChange({ onLoss })}
        onPercent={(onLossPercent) => onChange({ onLossPercent })}
        testId="auto-on-loss"
      />
      <AmountField
        label={t('gameFrame.autoSettings.stopOnProfit')}
        value={form.stopOnProfit}
        invalid={error === 'stopOnProfit'}
        disabled={disabled}
        onChange={(stopOnProfit) => onChange({ stopOnProfit })}
        currency={currency}
        testId="auto-stop-profit"
      />
      <AmountField
        label={t('gameFrame.autoSettings.stopOnLoss')}
        value={form.stopOnLoss}
        invalid={error === 'stopOnLoss'}
        disabled={disabled}
        onChange={(stopOnLoss) => onChange({ stopOnLoss })}
        currency={currency}
        testId="auto-stop-loss"
      />
      <label className={clsx('gf-check', disabled && 'is-disabled')} htmlFor={stopId}>
        <input
          id={stopId}
          type="checkbox"
          checked={form.stopOnWin}
          disabled={disabled}
          data-testid="auto-stop-on-win"
          onChange={(event) => onChange({ stopOnWin: event.target.checked })}
        />
        <span className="gf-check__box" aria-hidden="true" />
        {t('gameFrame.autoSettings.stopOnWin')}
      </label>
    </div>
  );
}
