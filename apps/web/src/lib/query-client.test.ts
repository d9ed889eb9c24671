import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries a 4xx ApiError', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(419, 'session_expired', 'x'))).toBe(false);
  });

  it('retries server and network failures up to twice', () => {
    expect(shouldRetry(0, new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(shouldRetry(2, new Error('boom'))).toBe(false);
  });
});
