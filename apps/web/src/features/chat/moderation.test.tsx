import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { closeAllModals, ModalHost, useToastStore } from '../../ui';
import './chat-texts';
import { openOnlineUsers, openQuizDialog, openUnmuteDialog } from './moderation';

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.restoreAllMocks();
  useToastStore.getState().clear();
});

describe('moderation dialogs', () => {
  it('quiz: a failed submission enables the send button again (spec 2 section 8)', async () => {
    const fetch = answer(500, { code: 'x', message: 'Quiz failed.' });
    render(<ModalHost />);
    act(() => openQuizDialog('sport_en'));
    const form = await screen.findByTestId('chat-quiz-form');
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Capital of France?' } });
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: 'Paris' } });
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.submit(form);
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Quiz failed.'));
    expect(send.hasAttribute('disabled')).toBe(false);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      question: 'Capital of France?',
      answer: 'Paris',
      channel: 'sport_en',
    });
    expect(screen.getByTestId('chat-quiz-form')).toBeTruthy();
  });

  it("unmute by name: 'Unknown username' on failure, 'Success' and closed on success", async () => {
    answer(404, { code: 'unknown_username', message: 'Unknown username' });
    render(<ModalHost />);
    act(() => openUnmuteDialog());
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: '@ghost' } });
    fireEvent.submit(screen.getByTestId('chat-unmute-form'));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Unknown username'));
    vi.restoreAllMocks();
    const fetch = answer(200, { message: 'Success' });
    fireEvent.submit(screen.getByTestId('chat-unmute-form'));
    await waitFor(() => expect(screen.queryByTestId('chat-unmute-form')).toBeNull());
    expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Success');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ name: 'ghost' });
  });

  it("online users: 'Total: N user(s)' and numbered names", async () => {
    answer(200, {
      total: 4,
      guests: 2,
      users: [
        { _id: 'a', name: 'alice' },
        { _id: 'b', name: 'bob' },
      ],
    });
    render(<ModalHost />);
    act(() => openOnlineUsers('casino_en', () => {}));
    const list = await screen.findByTestId('chat-online-users');
    expect(list.textContent).toContain('Total: 2 users');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['1.alice', '2.bob']);
  });
});
