import { Channels } from '@nebula/contracts';
import type { AuthUser } from '../platform/context.js';
import { holdsPermission } from '../platform/policy.js';

/** Who is asking to hear a channel. */
export interface Listener {
  user: AuthUser | null;
  connectionId: string;
}

type Rule = { matches: (channel: string) => boolean; canHear: (channel: string, who: Listener) => boolean };

/**
 * Channel access rules. Built-in: Everyone (public), User.{id} (that user), Guest.{connection}
 * (that connection), Support (staff with manageTickets), Support.{userId} (that user and staff).
 * Modules add their own channels (e.g. chat rooms) with `allow`.
 */
export class ChannelRules {
  private readonly rules: Rule[] = [
    { matches: (c) => c === Channels.everyone, canHear: () => true },
    {
      matches: (c) => c.startsWith('User.'),
      canHear: (c, w) => w.user !== null && c === Channels.user(w.user.id),
    },
    { matches: (c) => c.startsWith('Guest.'), canHear: (c, w) => c === Channels.guest(w.connectionId) },
    {
      matches: (c) => c === Channels.support,
      canHear: (_c, w) => w.user !== null && holdsPermission(w.user, 'manageTickets'),
    },
    {
      matches: (c) => c.startsWith('Support.'),
      canHear: (c, w) =>
        w.user !== null && (c === Channels.supportOf(w.user.id) || holdsPermission(w.user, 'manageTickets')),
    },
  ];

  /** Adds a rule for channels a module owns. */
  allow(matches: (channel: string) => boolean, canHear: (channel: string, who: Listener) => boolean): void {
    this.rules.push({ matches, canHear });
  }

  /** Unknown channels are refused. */
  canHear(channel: string, who: Listener): boolean {
    const rule = this.rules.find((r) => r.matches(channel));
    return rule ? rule.canHear(channel, who) : false;
  }
}
