import { afterEach, describe, expect, it } from 'vitest';
import { SportSlipErrorCode, SportSlipMessages, sportLimitText } from '@nebula/contracts/constants';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { slipErrorText } from './slip-errors';
import './sports-texts';

const refusal = (code: string, message: string) => new ApiError(422, code, message);

describe('the texts of the slip errors', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows every slip error of spec 3 with its text', () => {
    const t = i18n.getFixedT('en');
    const cases: [string, string][] = [
      [SportSlipErrorCode.FailedToQueue, SportSlipMessages.failedToQueue],
      [SportSlipErrorCode.InvalidQueueId, SportSlipMessages.invalidQueueId],
      [SportSlipErrorCode.TooEarly, "You're too fast"],
      [SportSlipErrorCode.TooLate, SportSlipMessages.tooLate],
      [SportSlipErrorCode.OddsChanged, SportSlipMessages.oddsChanged],
      [SportSlipErrorCode.OptionClosed, SportSlipMessages.optionClosed],
      [SportSlipErrorCode.NoBalance, SportSlipMessages.noBalance],
      [SportSlipErrorCode.NoDoubleBets, SportSlipMessages.noDoubleBets],
      [SportSlipErrorCode.TooManyMultiBets, SportSlipMessages.tooManyMultiBets],
    ];
    for (const [code, text] of cases) expect(slipErrorText(t, refusal(code, 'server text'))).toBe(text);
  });

  it("shows the limits as the server states them (the operator's Min and Max)", () => {
    const t = i18n.getFixedT('en');
    expect(slipErrorText(t, refusal(SportSlipErrorCode.BetTooLow, sportLimitText('min', '1')))).toBe(
      'Min $1',
    );
    expect(slipErrorText(t, refusal(SportSlipErrorCode.BetTooHigh, sportLimitText('max', '20')))).toBe(
      'Max $20',
    );
  });

  it('speaks German, and passes other refusals on with their message', () => {
    expect(slipErrorText(i18n.getFixedT('de'), refusal(SportSlipErrorCode.TooEarly, ''))).toBe(
      'Du bist zu schnell',
    );
    const t = i18n.getFixedT('en');
    expect(slipErrorText(t, refusal('-5', 'Game is temporarily unavailable'))).toBe(
      'Game is temporarily unavailable',
    );
    expect(slipErrorText(t, refusal('sport_new_code', 'A new refusal'))).toBe('A new refusal');
  });
});
