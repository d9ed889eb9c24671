/**
 * Opens the tip and rain modals from anywhere: the chat's `/tip name amount` and `/rain amount users`
 * commands and the profile popup's Tip button emit `chat:command`. Tiny and eager; the modals and
 * their texts load on first use (their own chunk). Guests get the sign-in dialog instead.
 */
import { events, type AppEvents } from '../../lib/events';
import { isSignedIn, useAppStore } from '../../lib/store';

export const loadTipsModals = () => import('./tips-modals');

/** Runs one command (exported for tests). */
export function handleTipsCommand(command: AppEvents['chat:command']): void {
  if (!isSignedIn(useAppStore.getState().user)) {
    events.emit('open-auth', { mode: 'auth' });
    return;
  }
  void loadTipsModals().then(({ openTipModal, openRainModal }) => {
    if (command.name === 'tip') openTipModal({ args: command.args, channel: command.channel });
    else openRainModal({ args: command.args, channel: command.channel });
  });
}

let unregister: (() => void) | null = null;

/** Starts listening once (idempotent); returns the function that stops it (tests). */
export function registerOpenTips(): () => void {
  if (unregister) return unregister;
  const off = events.on('chat:command', (command) => {
    if (command.name === 'tip' || command.name === 'rain') handleTipsCommand(command);
  });
  unregister = () => {
    off();
    unregister = null;
  };
  return unregister;
}

registerOpenTips();
