/**
 * Crash's server calls (packages/contracts/src/endpoints/crash.ts), over the realtime socket when it
 * is connected and over `POST /api/whisper` otherwise (the frame's `whisper`).
 */
import type { CrashChain, CrashResult, CrashState, MultiplayerPlayResponse } from '@nebula/contracts';
import { whisper } from '../frame/play-api';

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
  state: () => whisper<CrashState>('CrashState', {}),
  bet: ({ bet, currency, demo, autoCashOut }) =>
    whisper<MultiplayerPlayResponse>('CrashBet', {
      bet,
      currency,
      demo,
      data: autoCashOut === null ? {} : { autoCashOut },
    }),
  cashOut: (round) => whisper<MultiplayerPlayResponse>('CrashCashOut', { id: round }),
  cancel: (round) => whisper<MultiplayerPlayResponse>('CrashCancelBet', { id: round }),
  history: (before, limit = 50) =>
    whisper<{ rounds: CrashResult[]; chains: CrashChain[] }>('CrashHistory', {
      ...(before ? { before } : {}),
      limit,
    }),
};

/** React Query keys of crash's reads. */
export const crashKeys = {
  history: ['crash', 'history'] as const,
};
