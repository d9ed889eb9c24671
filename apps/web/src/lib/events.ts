/**
 * A tiny typed event bus for app-wide signals that do not belong in the store
 * (they are moments, not state): navigation, auth prompts, session problems.
 */

export interface TwoFactorChallenge {
  /** Number of requests currently held, waiting for a valid 2FA code. */
  pending: number;
  /** Replays every held request (call after /api/user/2fa_validate succeeded). */
  retry: () => Promise<void>;
  /** Fails every held request (e.g. the player closed the 2FA dialog). */
  cancel: () => void;
}

export interface AppEvents {
  'path-change': { path: string };
  'open-auth': { mode: 'auth' | 'register' };
  'session-expired': undefined;
  'two-factor-required': TwoFactorChallenge;
  'login-success': undefined;
  'login-fail': { message?: string } | undefined;
  logout: undefined;
  /** Opens the wallet modal, optionally on a tab (deposit, withdraw, promocode). */
  'open-wallet': { tab?: string } | undefined;
  /** Opens the chat panel (the live support), e.g. from the block page's Contact support. */
  'open-chat': undefined;
  /** Toggles the bonus (wheel) modal. */
  'toggle-bonus': undefined;
  /**
   * Opens the Terms dialog (spec 2: user agreement, privacy policy, FAQ) on a document and section;
   * `onAccept` adds "I agree" (registration's tick box).
   */
  'open-legal': {
    doc?: 'terms' | 'privacy' | 'faq';
    section?: string;
    onAccept?: () => void;
  };
  /** A chat command for another feature (`/tip name amount`, `/rain amount users`), typed in `channel`. */
  'chat:command': { name: 'tip' | 'rain'; args: string[]; channel: string };
}

export type AppEventName = keyof AppEvents;
export type AppEventHandler<K extends AppEventName> = (payload: AppEvents[K]) => void;

type ArgsOf<K extends AppEventName> = undefined extends AppEvents[K]
  ? [payload?: AppEvents[K]]
  : [payload: AppEvents[K]];

type AnyHandler = (payload: unknown) => void;

export interface EventBus {
  /** Subscribes; returns the unsubscribe function (handy as a useEffect cleanup). */
  on<K extends AppEventName>(name: K, handler: AppEventHandler<K>): () => void;
  once<K extends AppEventName>(name: K, handler: AppEventHandler<K>): () => void;
  off<K extends AppEventName>(name: K, handler: AppEventHandler<K>): void;
  emit<K extends AppEventName>(name: K, ...args: ArgsOf<K>): void;
  /** Number of handlers for an event (diagnostics and tests). */
  count(name: AppEventName): number;
  clear(): void;
}

export function createEventBus(): EventBus {
  const handlers = new Map<AppEventName, Set<AnyHandler>>();

  const bus: EventBus = {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler as AnyHandler);
      return () => bus.off(name, handler);
    },
    once(name, handler) {
      const off = bus.on(name, (payload) => {
        off();
        handler(payload);
      });
      return off;
    },
    off(name, handler) {
      handlers.get(name)?.delete(handler as AnyHandler);
    },
    emit(name, ...args) {
      const set = handlers.get(name);
      if (!set) return;
      // Copy so a handler may unsubscribe itself while we iterate.
      for (const handler of [...set]) {
        try {
          handler(args[0]);
        } catch (error) {
          // One broken listener must not stop the others (e.g. the 419 loader).
          console.error(`[events] handler for "${name}" failed`, error);
        }
      }
    },
    count(name) {
      return handlers.get(name)?.size ?? 0;
    },
    clear() {
      handlers.clear();
    },
  };
  return bus;
}

export const events = createEventBus();
