import { z } from 'zod';

/**
 * Generic error codes of the HTTP and realtime layers. Domain errors that the spec numbers
 * (register code 1, promo code 1-9, ...) use their numeric code instead.
 */
export const ErrorCode = {
  InvalidJson: 'invalid_json',
  ValidationFailed: 'validation_failed',
  UnsupportedMediaType: 'unsupported_media_type',
  PayloadTooLarge: 'payload_too_large',
  Unauthenticated: 'unauthenticated',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  RateLimited: 'rate_limited',
  SessionExpired: 'session_expired',
  CsrfMismatch: 'csrf_mismatch',
  Unavailable: 'unavailable',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export { TWO_FACTOR_REQUIRED } from './constants/auth.js';

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every failure, over HTTP or the socket, is this shape. */
export const apiErrorSchema = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
