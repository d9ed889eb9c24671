/** Realtime channel names. */
export const Channels = {
  everyone: 'Everyone',
  support: 'Support',
  /** Every committed staff action (`StaffChange`, decision 0046): staff members only. */
  staff: 'Staff',
  user: (userId: string) => `User.${userId}`,
  guest: (connectionId: string) => `Guest.${connectionId}`,
  supportOf: (userId: string) => `Support.${userId}`,
} as const;
