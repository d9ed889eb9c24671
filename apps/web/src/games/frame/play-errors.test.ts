import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { RealtimeError } from '../../lib/realtime';
import { playErrorAction, protectionRefusal } from './play-errors';

describe('play errors (spec 3 section 8)', () => {
  it('ends silently on 0 and ignores -8', () => {
    expect(playErrorAction(new RealtimeError(0, ''), false)).toEqual({ kind: 'silent' });
    expect(playErrorAction(new RealtimeError(-8, 'x'), false)).toEqual({ kind: 'silent' });
  });

  it('opens login on -2 with the server text, and on -7 only for guests', () => {
    expect(playErrorAction(new RealtimeError(-2, 'Authorization is required'), true)).toMatchObject({
      kind: 'toast',
      text: 'Authorization is required',
      login: true,
    });
    const noDemo = 'This game does not accept bets in demo mode';
    expect(playErrorAction(new RealtimeError(-7, noDemo), true)).toMatchObject({ text: noDemo, login: true });
    expect(playErrorAction(new RealtimeError(-7, noDemo), false)).toMatchObject({
      text: noDemo,
      login: false,
    });
  });

  it("shows the server's text for negative codes, over the socket or HTTP", () => {
    expect(playErrorAction(new RealtimeError(-4, 'Not enough money'), false)).toMatchObject({
      level: 'error',
      text: 'Not enough money',
      code: -4,
    });
    expect(playErrorAction(new ApiError(422, -9, 'Max bet amount: 20 EUR'), false)).toMatchObject({
      text: 'Max bet amount: 20 EUR',
      code: -9,
    });
    expect(
      playErrorAction(new RealtimeError(-6, 'Cannot place bet at this stage of the game'), false),
    ).toMatchObject({
      level: 'warning',
    });
    expect(playErrorAction(new RealtimeError(-3, 'Unknown game'), false)).toMatchObject({ home: true });
  });

  it('shows 422 validation messages and a generic text for other positive codes', () => {
    expect(playErrorAction(new RealtimeError(422, 'Invalid data: target: too big'), false)).toMatchObject({
      text: 'Invalid data: target: too big',
    });
    expect(playErrorAction(new ApiError(422, 'validation_failed', 'Invalid body'), false)).toMatchObject({
      text: 'Invalid body',
    });
    expect(playErrorAction(new RealtimeError(500, 'Internal server error.'), false)).toEqual({
      kind: 'toast',
      level: 'error',
      text: null,
      code: 500,
    });
  });

  it('shows transport failures as they are', () => {
    expect(
      playErrorAction(new RealtimeError(504, 'The server did not answer in time.'), false),
    ).toMatchObject({
      text: 'The server did not answer in time.',
    });
    expect(playErrorAction(new ApiError(0, 'network_error', 'Network error'), false)).toMatchObject({
      text: 'Network error',
    });
  });

  it('marks the refusals of player protection and shows their text, over the socket or HTTP', () => {
    const text = 'This bet would exceed your loss limit.';
    expect(playErrorAction(new RealtimeError(403, text, 'loss_limit'), false)).toEqual({
      kind: 'toast',
      level: 'warning',
      text,
      code: 403,
      refusal: 'loss_limit',
    });
    expect(playErrorAction(new ApiError(403, 'timed_out', 'On a time-out'), false)).toMatchObject({
      text: 'On a time-out',
      refusal: 'timed_out',
    });
    expect(protectionRefusal(new ApiError(403, 'session_limit', 'x'))).toBe('session_limit');
    // Another 403 keeps the generic text; another reason is no refusal.
    expect(playErrorAction(new RealtimeError(403, 'Forbidden', 'forbidden'), false)).toMatchObject({
      text: null,
    });
    expect(protectionRefusal(new RealtimeError(403, 'x'))).toBeNull();
  });
});
