import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { registerFrameTexts } from './frame-texts';
import { LIMITS_PATH, RefusalNotice } from './refusal-notice';
import { showRefusal, useRefusal } from './refusal';

registerFrameTexts();

afterEach(() => {
  cleanup();
  useRefusal.setState({ refusal: null });
});

function renderNotice() {
  return render(
    <MemoryRouter>
      <RefusalNotice />
    </MemoryRouter>,
  );
}

describe('the protection refusal under the play button', () => {
  it('says an auto run stopped, shows the server text and the way to the limits; dismissible', () => {
    renderNotice();
    expect(screen.queryByTestId('refusal-notice')).toBeNull();
    act(() =>
      showRefusal({ reason: 'loss_limit', text: 'This bet would exceed your loss limit.', auto: true }),
    );
    expect(screen.getByTestId('refusal-notice').textContent).toContain('Auto bet stopped');
    expect(screen.getByTestId('refusal-text').textContent).toBe('This bet would exceed your loss limit.');
    expect(screen.getByRole('link').getAttribute('href')).toBe(LIMITS_PATH);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByTestId('refusal-notice')).toBeNull();
  });

  it('has no limits link for a time-out, and is forgotten when the game is left', () => {
    const view = renderNotice();
    act(() => showRefusal({ reason: 'timed_out', text: 'On a time-out.', auto: false }));
    expect(screen.getByTestId('refusal-notice').textContent).toContain('Bet refused');
    expect(screen.queryByRole('link')).toBeNull();
    view.unmount();
    expect(useRefusal.getState().refusal).toBeNull();
  });
});
