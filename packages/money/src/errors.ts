/** Why a money operation was refused. Stable strings: clients map them to localised messages. */
export type MoneyErrorCode = 'empty' | 'not_a_number' | 'negative' | 'too_many_decimals' | 'too_large';

/**
 * The one error type of `@nebula/money`. `code` is machine-readable, `message` is plain English that
 * can be shown to a player as a fallback.
 *
 * Programmer errors (a `decimals` outside 0..38, a zero denominator) are `RangeError`s instead: they
 * mean a bug, not bad input.
 */
export class MoneyError extends Error {
  /** Machine-readable reason. */
  readonly code: MoneyErrorCode;

  /**
   * @param code machine-readable reason
   * @param message human-readable English explanation
   */
  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
  }
}

/** True when `error` is a {@link MoneyError}, optionally with the given `code`. */
export function isMoneyError(error: unknown, code?: MoneyErrorCode): error is MoneyError {
  return error instanceof MoneyError && (code === undefined || error.code === code);
}
