// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, licenseEndpoint, policy } from '@nebula/contracts';
import {
  ApiError,
  REQUEST_TIMEOUT_MS,
  TWO_FACTOR_REQUIRED,
  api,
  endpointRef,
  apiFetch,
  pendingTwoFactorCount,
  rejectTwoFactor,
  resetApiState,
  resolveTwoFactor,
} from './api';
import { events, type TwoFactorChallenge } from './events';
import { useAppStore } from './store';

type FetchArgs = [input: string, init: RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const license = {
  isValid: true,
  enabledFeatures: [{ id: 'chat' }],
  plugins: ['race'],
  pluginSettings: {},
  siteName: 'Nebula',
  demo: false,
};

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function headersOf(call: number): Record<string, string> {
  return fetchMock.mock.calls[call]![1].headers as Record<string, string>;
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  resetApiState();
  events.clear();
  useAppStore.setState({ user: null });
  document.head.innerHTML = '';
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api headers', () => {
  it('sends credentials, the standard headers and a JSON body for POST', async () => {
    fetchMock.mockResolvedValueOnce(json(200, license));
    const result = await api(licenseEndpoint);
    expect(result).toEqual(license);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/license');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{}');
    const headers = headersOf(0);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(headers['X-CSRF-TOKEN']).toBeUndefined();
  });

  it('adds the bearer token of the stored user', async () => {
    useAppStore.setState({ user: { _id: 'u', name: 'n', roles: [], token: 'secret-token' } });
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiFetch('POST', '/auth/update');
    expect(headersOf(0).Authorization).toBe('Bearer secret-token');
  });

  it('takes the CSRF token from the meta tag first, else from the XSRF-TOKEN cookie', async () => {
    document.cookie = 'XSRF-TOKEN=cookie%3Dvalue';
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiFetch('POST', '/x');
    expect(headersOf(0)['X-CSRF-TOKEN']).toBe('cookie=value');

    document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';
    await apiFetch('POST', '/x');
    expect(headersOf(1)['X-CSRF-TOKEN']).toBe('meta-token');
  });

  it('sends a GET body as the query string and fills path params', async () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/wallet/:currency/history',
      request: z.object({ page: z.number(), tags: z.array(z.string()).optional() }),
      response: z.object({ ok: z.boolean() }),
      policy: policy.user,
      summary: 'test',
    });
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    const result = await api(endpoint, { page: 2, tags: ['a', 'b c'] }, { params: { currency: 'usdt/trc' } });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/wallet/usdt%2Ftrc/history?page=2&tags=a&tags=b+c');
    expect(init.body).toBeUndefined();
    expect(headersOf(0)['Content-Type']).toBeUndefined();
  });
});

describe('endpointRef', () => {
  it('calls by method and path without the schema, typed by the contract', async () => {
    fetchMock.mockResolvedValueOnce(json(200, license));
    const ref = endpointRef<typeof licenseEndpoint>('POST', '/license');
    const result = await api(ref);
    // typed as License: reading a field compiles
    expect(result.siteName).toBe('Nebula');
    expect(fetchMock.mock.calls[0]![0]).toBe('/license');
    // @ts-expect-error the path must match the contract
    endpointRef<typeof licenseEndpoint>('POST', '/licence');
  });

  it('keeps the 2FA code in step with the contracts', async () => {
    const contracts = await import('@nebula/contracts');
    expect(TWO_FACTOR_REQUIRED).toBe(contracts.TWO_FACTOR_REQUIRED);
  });
});

describe('api errors', () => {
  it('throws ApiError with status, code, message and fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, {
        code: 'validation_failed',
        message: 'Bad input',
        fields: [{ path: 'email', message: 'Invalid email' }],
      }),
    );
    const error = await apiFetch('POST', '/auth/register', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Bad input' });
    expect((error as ApiError).fieldMessage('email')).toBe('Invalid email');
  });

  it('keeps numeric domain codes', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 3, message: 'usages exhausted' }));
    await expect(apiFetch('POST', '/api/promocode/activate', { code: 'X' })).rejects.toMatchObject({
      code: 3,
    });
  });

  it('maps a network failure to status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('POST', '/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('gives up on a request without an answer after REQUEST_TIMEOUT_MS, as a network error', async () => {
    const timer = new AbortController();
    const timeout = vi
      .spyOn(AbortSignal, 'timeout')
      .mockReturnValueOnce(timer.signal)
      .mockReturnValue(new AbortController().signal);
    // A server that never answers: the request only ends when its signal aborts.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init.signal;
          if (signal?.aborted) reject(signal.reason as Error);
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    const pending = apiFetch('POST', '/slow');
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    timer.abort(new DOMException('signal timed out', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'network_error' });

    // The caller's own abort stays an AbortError (a cancelled query is not a failure).
    const caller = new AbortController();
    const cancelled = apiFetch('POST', '/slow', {}, { signal: caller.signal });
    caller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    timeout.mockRestore();
  });

  it('HTTP 419 emits session-expired once and rejects', async () => {
    const onExpired = vi.fn();
    events.on('session-expired', onExpired);
    fetchMock.mockImplementation(async () => json(419, { code: 'session_expired', message: 'Expired' }));
    await expect(apiFetch('POST', '/a')).rejects.toMatchObject({ status: 419 });
    await expect(apiFetch('POST', '/b')).rejects.toMatchObject({ status: 419 });
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('two-factor hold (-1024)', () => {
  it('holds the request, emits two-factor-required once and replays every held request', async () => {
    const challenges: TwoFactorChallenge[] = [];
    events.on('two-factor-required', (challenge) => challenges.push(challenge));

    fetchMock
      .mockResolvedValueOnce(json(403, { code: -1024, message: '2FA required' }))
      .mockResolvedValueOnce(json(403, { code: -1024, message: '2FA required' }));

    const first = apiFetch<{ n: number }>('POST', '/api/wallet/withdraw', { sum: '1' });
    const second = apiFetch<{ n: number }>('POST', '/api/user/client_seed_change', { client_seed: 's' });
    await vi.waitFor(() => expect(pendingTwoFactorCount()).toBe(2));
    expect(challenges).toHaveLength(1);
    expect(challenges[0]!.pending).toBe(2);

    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // still held

    fetchMock.mockResolvedValueOnce(json(200, { n: 1 })).mockResolvedValueOnce(json(200, { n: 2 }));
    await resolveTwoFactor();

    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 2 });
    expect(pendingTwoFactorCount()).toBe(0);
    // the replays re-sent the original requests
    const replayed = fetchMock.mock.calls.slice(2).map(([url, init]) => [url, init.body]);
    expect(replayed).toEqual([
      ['/api/wallet/withdraw', '{"sum":"1"}'],
      ['/api/user/client_seed_change', '{"client_seed":"s"}'],
    ]);
  });

  it('the challenge retry() replays, and a replay failure rejects that request', async () => {
    let challenge: TwoFactorChallenge | undefined;
    events.on('two-factor-required', (c) => (challenge = c));
    fetchMock.mockResolvedValueOnce(json(401, { code: -1024, message: '2FA' }));
    const request = apiFetch('POST', '/x');
    await vi.waitFor(() => expect(challenge).toBeDefined());
    fetchMock.mockResolvedValueOnce(json(400, { code: 'nope', message: 'Nope' }));
    await challenge!.retry();
    await expect(request).rejects.toMatchObject({ code: 'nope' });
  });

  it('cancel rejects every held request with the 2FA code', async () => {
    fetchMock.mockImplementation(async () => json(403, { code: -1024, message: '2FA' }));
    const a = apiFetch('POST', '/a');
    const b = apiFetch('POST', '/b');
    await vi.waitFor(() => expect(pendingTwoFactorCount()).toBe(2));
    rejectTwoFactor();
    await expect(a).rejects.toMatchObject({ code: -1024 });
    await expect(b).rejects.toMatchObject({ code: -1024 });
  });

  it('a replay answered with -1024 again is held for a new challenge', async () => {
    const onChallenge = vi.fn();
    events.on('two-factor-required', onChallenge);
    fetchMock.mockResolvedValueOnce(json(403, { code: -1024, message: '2FA' }));
    const request = apiFetch<{ ok: boolean }>('POST', '/a');
    await vi.waitFor(() => expect(pendingTwoFactorCount()).toBe(1));
    fetchMock.mockResolvedValueOnce(json(403, { code: -1024, message: '2FA' }));
    const replaying = resolveTwoFactor();
    await vi.waitFor(() => expect(onChallenge).toHaveBeenCalledTimes(2));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await resolveTwoFactor();
    await replaying;
    await expect(request).resolves.toEqual({ ok: true });
  });
});
