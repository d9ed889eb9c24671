import { Channels } from '@nebula/contracts';
import type { AuthUser } from '../platform/context.js';
import { holdsPermission } from '../platform/policy.js';

/** Who is asking to hear a channel. */
export interface Listener {
  user: AuthUser | null;
  connectionId: string;
}

type Rule = {
  /** Which channels: `built-in` or what the owning module declared. */
  name: string;
  matches: (channel: string) => boolean;
  canHear: (channel: string, who: Listener) => boolean;
};

/**
 * Channel access rules. Built-in: Everyone (public), User.{id} (that user), Guest.{connection}
 * (that connection), Support (staff with manageTickets), Support.{userId} (that user and staff).
 * Modules add the channels they own (e.g. chat rooms) with `allow`: the server does it for the `channels`
 * of every module definition.
 */
export class ChannelRules {
  private readonly rules: Rule[] = [
    { name: 'built-in', matches: (c) => c === Channels.everyone, canHear: () => true },
    {
      name: 'built-in',
      matches: (c) => c.startsWith('User.'),
      canHear: (c, w) => w.user !== null && c === Channels.user(w.user.id),
    },
    {
      name: 'built-in',
      matches: (c) => c.startsWith('Guest.'),
      canHear: (c, w) => c === Channels.guest(w.connectionId),
    },
    {
      name: 'built-in',
      matches: (c) => c === Channels.support,
      canHear: (_c, w) => w.user !== null && holdsPermission(w.user, 'manageTickets'),
    },
    {
      name: 'built-in',
      matches: (c) => c.startsWith('Support.'),
      canHear: (c, w) =>
        w.user !== null && (c === Channels.supportOf(w.user.id) || holdsPermission(w.user, 'manageTickets')),
    },
  ];

  /** Adds a rule for channels a module owns; `name` says which (logs, health pages, tests). */
  allow(
    matches: (channel: string) => boolean,
    canHear: (channel: string, who: Listener) => boolean,
    name = 'module channels',
  ): void {
    this.rules.push({ name, matches, canHear });
  }

  /** The names of the rules modules added, in order (the built-in ones left out). */
  moduleRules(): string[] {
    return this.rules.filter((r) => r.name !== 'built-in').map((r) => r.name);
  }

  /** Unknown channels are refused. */
  canHear(channel: string, who: Listener): boolean {
    const rule = this.rules.find((r) => r.matches(channel));
    return rule ? rule.canHear(channel, who) : false;
  }
}
