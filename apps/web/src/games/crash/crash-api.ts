/**
 * Crash's server calls (packages/contracts/src/endpoints/crash.ts) through `callWhisper`: over the
 * realtime socket when it is connected and over `POST /api/whisper` otherwise.
 */
import type { CrashChain, CrashResult, CrashState, MultiplayerPlayResponse } from '@nebula/contracts';
import {
  crashBetWhisperRef,
  crashCancelBetWhisperRef,
  crashCashOutWhisperRef,
  crashHistoryWhisperRef,
  crashStateWhisperRef,
} from '@nebula/contracts/constants';
import { callWhisper } from '../../lib/realtime-call';

/** A bet: the Play request's fields; `autoCashOut` in hundredths (absent: cash out by hand). */
export interface CrashBetInput {
  bet: string;
  currency: string;
  demo: boolean;
  autoCashOut: number | null;
}

export interface CrashApi {
  state(): Promise<CrashState>;
  bet(input: CrashBetInput): Promise<MultiplayerPlayResponse>;
  cashOut(round: string): Promise<MultiplayerPlayResponse>;
  cancel(round: string): Promise<MultiplayerPlayResponse>;
  history(before?: string, limit?: number): Promise<{ rounds: CrashResult[]; chains: CrashChain[] }>;
}

export const crashApi: CrashApi = {
  state: () => callWhisper(crashStateWhisperRef, {}),
  bet: ({ bet, currency, demo, autoCashOut }) =>
    callWhisper(crashBetWhisperRef, {
      bet,
      currency,
      demo,
      data: autoCashOut === null ? {} : { autoCashOut },
    }),
  cashOut: (round) => callWhisper(crashCashOutWhisperRef, { id: round }),
  cancel: (round) => callWhisper(crashCancelBetWhisperRef, { id: round }),
  history: (before, limit = 50) =>
    callWhisper(crashHistoryWhisperRef, {
      ...(before ? { before } : {}),
      limit,
    }),
};

/** React Query keys of crash's reads. */
export const crashKeys = {
  history: ['crash', 'history'] as const,
};
