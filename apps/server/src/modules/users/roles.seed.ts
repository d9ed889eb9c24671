/**
 * Built-in roles. `*` holds every right; the others hold the permissions the spec names
 * (spec 1 section 6, spec 2 section 6, spec 3 section 6). Permissions are stored as the client
 * reads them: [{id, permissions: {active: true}}].
 */
export interface RoleSeed {
  id: string;
  name: string;
  permissions: { id: string; permissions: Record<string, boolean> }[];
}

const grant = (...ids: string[]) => ids.map((id) => ({ id, permissions: { active: true } }));

export const ROLE_SEEDS: RoleSeed[] = [
  { id: '*', name: 'Administrator', permissions: [] },
  { id: 'chat_moderator', name: 'Chat moderator', permissions: grant('moderateChat', 'ignore_privacy') },
  { id: 'support', name: 'Support staff', permissions: grant('manageTickets', 'dashboard') },
  { id: 'finance', name: 'Finance staff', permissions: grant('withdraws', 'dashboard', 'users') },
  // Promo codes in the back office (decision 0038).
  { id: 'marketing', name: 'Marketing staff', permissions: grant('promocodes', 'dashboard') },
  { id: 'player', name: 'Player', permissions: [] },
];
