/**
 * What the play button of crash does now, from the round and the player's state:
 *
 * - betting, no bet yet: 'bet'; the bet is in: 'cancel' (taken back and refunded);
 * - running with the player's bet in it: 'cashout' (the label shows the amount it would pay now);
 * - otherwise (running, busted, or the bet of this round was taken back): 'queue' for the next
 *   round, or 'unqueue' once queued;
 * - auto: 'start' / 'stop'.
 */
import type { RoomState } from './crash-model';
import type { PlayerState } from './crash-player';

export type CrashButtonKind = 'bet' | 'cancel' | 'cashout' | 'queue' | 'unqueue' | 'start' | 'stop' | 'wait';

export interface CrashButton {
  kind: CrashButtonKind;
  disabled: boolean;
  loading: boolean;
}

/** True while the player's bet rides the running round (a cash-out would pay now). */
export function canCashOut(room: RoomState): boolean {
  const { round, mine } = room;
  return round?.phase === 'running' && mine?.id === round.id && mine.game.status === 'in-progress';
}

export function crashButton(room: RoomState, player: PlayerState): CrashButton {
  const { round, mine } = room;
  if (player.bettingType === 'auto' || player.autoRunning) {
    return {
      kind: player.autoRunning ? 'stop' : 'start',
      disabled: !player.autoRunning && (!round || room.status !== 'ready'),
      loading: false,
    };
  }
  if (!round || room.status !== 'ready')
    return { kind: 'wait', disabled: true, loading: room.status === 'loading' };
  const own = mine?.id === round.id ? mine : null;
  if (round.phase === 'betting') {
    if (own?.game.status === 'in-progress')
      return {
        kind: 'cancel',
        disabled: !own.canBeCancelled || player.busy !== null,
        loading: player.busy === 'cancel',
      };
    if (!own) return { kind: 'bet', disabled: player.busy !== null, loading: player.busy === 'bet' };
  }
  if (canCashOut(room))
    return { kind: 'cashout', disabled: player.busy === 'cashout', loading: player.busy === 'cashout' };
  return { kind: player.queued ? 'unqueue' : 'queue', disabled: player.busy !== null, loading: false };
}
