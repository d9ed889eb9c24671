import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crashBetWhisperRef, infoWhisperRef } from '@nebula/contracts/constants';
import { ClientErrorCode, RealtimeError } from './realtime';
import { callWhisper, whisperOverHttp, type WhisperClient } from './realtime-call';

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

const overview = { info: { id: '7' } };
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function socket(connected: boolean, reply: () => Promise<unknown>) {
  const whisper = vi.fn(reply);
  return { client: { connected, whisper } as unknown as WhisperClient, whisper };
}

function httpBody(call = 0): unknown {
  const [url, init] = fetchMock.mock.calls[call]!;
  expect(url).toBe('/api/whisper');
  expect(init.method).toBe('POST');
  return JSON.parse(init.body as string);
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => answer(overview));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callWhisper', () => {
  it('goes over the socket when it is connected', async () => {
    const { client, whisper } = socket(true, async () => overview);
    await expect(callWhisper(infoWhisperRef, { game_id: '7' }, client)).resolves.toEqual(overview);
    expect(whisper).toHaveBeenCalledWith(infoWhisperRef, { game_id: '7' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes over POST /api/whisper with the contract event name when the socket is down', async () => {
    const { client, whisper } = socket(false, async () => overview);
    await expect(callWhisper(infoWhisperRef, { game_id: '7' }, client)).resolves.toEqual(overview);
    expect(whisper).not.toHaveBeenCalled();
    expect(httpBody()).toEqual({ event: 'Info', data: { game_id: '7' } });
  });

  it('sends a read-only whisper again over HTTP when the socket lost the answer', async () => {
    for (const code of [ClientErrorCode.Timeout, ClientErrorCode.Unavailable]) {
      fetchMock.mockClear();
      const { client } = socket(true, async () => {
        throw new RealtimeError(code, 'lost');
      });
      await expect(callWhisper(infoWhisperRef, { game_id: '7' }, client)).resolves.toEqual(overview);
      expect(httpBody()).toEqual({ event: 'Info', data: { game_id: '7' } });
    }
  });

  it('never sends a whisper that changes state twice (a bet), and passes server answers on', async () => {
    const lost = socket(true, async () => {
      throw new RealtimeError(ClientErrorCode.Timeout, 'lost');
    });
    const bet = { bet: '1', currency: 'btc', demo: false, data: {} };
    await expect(callWhisper(crashBetWhisperRef, bet, lost.client)).rejects.toMatchObject({
      code: ClientErrorCode.Timeout,
    });
    const refused = socket(true, async () => {
      throw new RealtimeError(404, 'Unknown bet');
    });
    await expect(callWhisper(infoWhisperRef, { game_id: '7' }, refused.client)).rejects.toMatchObject({
      code: 404,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('whisperOverHttp', () => {
  it('always uses HTTP', async () => {
    await expect(whisperOverHttp(infoWhisperRef, { game_id: '9' })).resolves.toEqual(overview);
    expect(httpBody()).toEqual({ event: 'Info', data: { game_id: '9' } });
  });
});
