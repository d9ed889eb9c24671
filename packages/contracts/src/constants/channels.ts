/** Realtime channel names. */
export const Channels = {
  everyone: 'Everyone',
  support: 'Support',
  user: (userId: string) => `User.${userId}`,
  guest: (connectionId: string) => `Guest.${connectionId}`,
  supportOf: (userId: string) => `Support.${userId}`,
} as const;
