import { isChatChannelName } from '@nebula/contracts';
import type { AuthUser } from '../../platform/context.js';
import { holdsPermission } from '../../platform/policy.js';

/** True for a chat channel (`casino_en`, `sport_de`, `esport_en`, ...). */
export function isChatChannel(channel: string): boolean {
  return isChatChannelName(channel);
}

/** Moderators (the moderateChat permission) and admins (role `*`) are highlighted in the chat. */
export function accessOf(user: AuthUser): 'admin' | 'moderator' | 'user' {
  if (user.roles.includes('*')) return 'admin';
  if (holdsPermission(user, 'moderateChat')) return 'moderator';
  return 'user';
}

/** Staff may post links and are not held to slow mode. */
export function isChatStaff(user: AuthUser): boolean {
  return accessOf(user) !== 'user';
}
