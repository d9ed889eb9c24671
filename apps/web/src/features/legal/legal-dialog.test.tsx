import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { events } from '../../lib/events';
import { switchLanguage } from '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { closeAllModals, isModalOpen, ModalHost } from '../../ui';
import { LEGAL_MODAL_ID, openLegalDialog } from './legal-dialog';
import { handleLegalLinkClick, registerOpenLegal } from './open-legal';

const doc = (title: string, lang = 'en') => ({
  lang,
  title,
  updated: '2026-11-27',
  intro: ['Please read carefully.'],
  sections: [
    { id: 'eligibility', title: '3. Who may play', blocks: ['You must be at least 18 years old.'] },
    { id: 'bonuses', title: '9. Bonuses', blocks: [{ list: ['Only one bonus per person is allowed.'] }] },
    { id: 'aml', title: '12. Anti-money laundering', blocks: ['We monitor transactions.'] },
  ],
});
const ANSWER = {
  documents: {
    terms: doc('User Agreement'),
    privacy: doc('Privacy Policy'),
    faq: {
      ...doc('FAQ'),
      intro: [],
      sections: [
        {
          id: 'withdrawal-time',
          title: 'How long does a withdrawal take?',
          blocks: ['Three confirmations.'],
        },
      ],
    },
  },
  playerCancelsWithdrawals: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answers: Array<() => Response>) {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    urls.push(String(input));
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next!();
  });
  return urls;
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ModalHost />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  act(() => closeAllModals());
  cleanup();
  vi.restoreAllMocks();
  useAppStore.setState({ locale: 'en' });
  await switchLanguage('en');
});

describe('the Terms dialog', () => {
  it('loads the texts in the reader’s language and shows the agreement, the privacy policy and the FAQ', async () => {
    const urls = serve([() => json(200, ANSWER)]);
    mount();
    act(() => openLegalDialog());
    await waitFor(() => expect(screen.getByTestId('legal-title').textContent).toBe('User Agreement'));
    expect(urls[0]).toContain('/api/legal/documents?lang=en');
    const scroll = screen.getByTestId('legal-scroll');
    expect(scroll.textContent).toContain('You must be at least 18 years old.');
    expect(scroll.textContent).toContain('Only one bonus per person is allowed.');
    expect(screen.getByText('Last updated November 27, 2026')).toBeTruthy();
    // The table of contents lists the sections.
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(contents.querySelectorAll('button')).toHaveLength(3);

    fireEvent.click(screen.getByRole('tab', { name: /Privacy policy/ }));
    expect(screen.getByTestId('legal-title').textContent).toBe('Privacy Policy');
    fireEvent.click(screen.getByRole('tab', { name: /FAQ/ }));
    expect(screen.getByTestId('legal-dialog').getAttribute('data-doc')).toBe('faq');
    // The FAQ is an accordion of questions, without a table of contents.
    expect(screen.getByText('How long does a withdrawal take?').closest('details')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).toBeNull();
    // One request for the three documents.
    expect(urls).toHaveLength(1);
  });

  it('opens on the document and section asked for', async () => {
    serve([() => json(200, ANSWER)]);
    mount();
    act(() => openLegalDialog({ doc: 'faq', section: 'withdrawal-time' }));
    const question = await screen.findByText('How long does a withdrawal take?');
    expect((question.closest('details') as HTMLDetailsElement).open).toBe(true);
  });

  it('offers “I agree” when opened from registration: it calls back and closes', async () => {
    serve([() => json(200, ANSWER)]);
    mount();
    const onAccept = vi.fn();
    act(() => openLegalDialog({ doc: 'terms', onAccept }));
    fireEvent.click(await screen.findByTestId('legal-accept'));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(isModalOpen(LEGAL_MODAL_ID)).toBe(false);
  });

  it('shows an error with a retry when the texts cannot be loaded', async () => {
    serve([() => json(503, { code: 'unavailable', message: 'down' }), () => json(200, ANSWER)]);
    mount();
    act(() => openLegalDialog());
    fireEvent.click(await screen.findByTestId('legal-retry'));
    await waitFor(() => expect(screen.getByTestId('legal-title').textContent).toBe('User Agreement'));
  });

  it('says so when a document is shown in English to a German reader', async () => {
    await act(async () => {
      useAppStore.setState({ locale: 'de' });
      await switchLanguage('de');
    });
    const urls = serve([() => json(200, ANSWER)]);
    mount();
    act(() => openLegalDialog());
    await screen.findByTestId('legal-title');
    expect(urls[0]).toContain('lang=de');
    expect(screen.getByRole('note').textContent).toContain('die englische Fassung ist maßgeblich');
    expect(screen.getByRole('tab', { name: /Nutzungsvereinbarung/ })).toBeTruthy();
  });
});

describe('opening the dialog from anywhere', () => {
  it('opens on the open-legal event and on a plain click on a link to /privacyPolicy', async () => {
    serve([() => json(200, ANSWER)]);
    const stop = registerOpenLegal();
    mount();
    act(() => events.emit('open-legal', { doc: 'faq' }));
    await waitFor(() => expect(screen.getByTestId('legal-dialog').getAttribute('data-doc')).toBe('faq'));
    act(() => closeAllModals());

    const link = document.createElement('a');
    link.href = '/privacyPolicy';
    link.textContent = 'Privacy';
    document.body.appendChild(link);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByTestId('legal-dialog').getAttribute('data-doc')).toBe('privacy'));
    // A click with a modifier (new tab) is left to the browser.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    handleLegalLinkClick(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    link.remove();
    stop();
  });
});
