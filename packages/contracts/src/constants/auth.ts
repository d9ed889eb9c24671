/** Identity limits (spec 1 section 5): the login name, the password and the 2FA code. */

export const NAME_PATTERN = /^[A-Za-z0-9_]{4,24}$/;
export const PASSWORD_MIN = 5;
export const TWO_FACTOR_CODE = /^\d{6}$/;

/** The spec's two-factor challenge code (spec 1 section 8): the request is held until 2FA succeeds. */
export const TWO_FACTOR_REQUIRED = -1024;
