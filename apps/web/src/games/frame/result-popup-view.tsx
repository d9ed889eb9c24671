/** The result popup over the stage (spec 3 section 4): the multiplier and the amount, 2 s. */
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import type { ResultPopup } from './game-session';
import { formatMultiplier } from './result-popup';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

export function ResultPopupView({
  popup,
  currency,
}: {
  popup: ResultPopup;
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
}) {
  const { t } = useTranslation();
  const negative = popup.amount.startsWith('-');
  const amount = negative ? popup.amount.slice(1) : popup.amount;
  return (
    <div className="gf-result-wrap" aria-live="polite">
      <div
        key={popup.key}
        className={clsx('gf-result', `gf-result--${popup.kind}`)}
        data-testid="result-popup"
        data-kind={popup.kind}
        data-round={popup.key}
        data-bet-id={popup.betId}
      >
        <span
          className="gf-result__multiplier tabular"
          data-testid="result-multiplier"
          data-value={popup.multiplier}
        >
          {formatMultiplier(popup.multiplier)}
        </span>
        <span className="gf-result__divider" aria-hidden="true" />
        <span className="gf-result__amount tabular" data-testid="result-amount">
          <CurrencyIcon currency={currency} size={16} />
          {popup.kind === 'win' ? '' : negative ? '-' : ''}
          {amount}
        </span>
        <span className="gf-result__label">{t(`gameFrame.result.${popup.kind}`)}</span>
      </div>
    </div>
  );
}
