/**
 * @nebula/money: amounts as bigints of atomic units, the currency decimals rule, parsing of player
 * input, exact and display formatting, and checked arithmetic.
 *
 * Purity rules: no I/O, no Node built-ins, no React, no floats for money. The same code runs on the
 * server, in the browser and in tests. Every `Amount` fits PostgreSQL `numeric(38,0)`.
 */
export {
  type Amount,
  MAX_DECIMALS,
  MAX_STORABLE_ATOMIC,
  ZERO,
  amount,
  assertDecimals,
  parseAtomic,
  toAtomicString,
} from './amount.js';
export {
  type Rounding,
  type SubOptions,
  add,
  cmp,
  convertDecimals,
  divRound,
  isNegative,
  isZero,
  max,
  min,
  mulRatio,
  sub,
  sum,
} from './arithmetic.js';
export {
  type CurrencyInfo,
  type CurrencyKind,
  type DisplayUnit,
  CRYPTO_DECIMALS,
  FIAT_CURRENCY_IDS,
  FIAT_DECIMALS,
  MAX_DISPLAY_DECIMALS,
  SATOSHI_DECIMALS,
  currencyInfo,
  currencyKind,
  decimalsFor,
  displayDecimals,
  isFiatLike,
} from './currency.js';
export { type MoneyErrorCode, MoneyError, isMoneyError } from './errors.js';
export {
  type FormatAmountOptions,
  type FormatCurrencyOptions,
  type FormatFiatOptions,
  type ToDecimalStringOptions,
  formatAmount,
  formatCurrencyAmount,
  formatFiat,
  toDecimalString,
} from './format.js';
export {
  CANONICAL_AMOUNT,
  type ParseAmountOptions,
  type ParseAmountResult,
  parseAmount,
  parseWireAmount,
  tryParseAmount,
} from './parse.js';
