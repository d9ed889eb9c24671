/**
 * The back office's pages, each loaded on demand. The route table (app/routes.tsx) reaches them
 * through this one lazily loaded module, so the names of the admin chunks (and their stylesheets)
 * are listed here and not in the player's first-visit entry.
 */
import type { ComponentType } from 'react';

const pages = {
  dashboard: async () => (await import('./admin-dashboard')).AdminDashboardPage,
  player: async () => (await import('./admin-player')).AdminPlayerPage,
  users: async () => (await import('./admin-users')).AdminUsersPage,
  withdrawals: async () => (await import('./admin-withdrawals')).AdminWithdrawalsPage,
  payments: async () => (await import('./admin-payments')).AdminPaymentsPage,
  outbox: async () => (await import('./admin-outbox')).AdminOutboxPage,
  promocodes: async () => (await import('./admin-promocodes')).AdminPromocodesPage,
  promotions: async () => (await import('./promotions/admin-promotions')).AdminPromotionsPage,
  games: async () => (await import('./admin-games')).AdminGamesPage,
  settings: async () => (await import('./admin-settings')).AdminSettingsPage,
  audit: async () => (await import('./admin-audit')).AdminAuditPage,
  chat: async () => (await import('./admin-chat')).AdminChatPage,
  fairness: async () => (await import('./admin-fairness')).AdminFairnessPage,
  notifications: async () => (await import('./admin-notifications')).AdminNotificationsPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type AdminPageId = keyof typeof pages;

export function loadAdminPage(id: AdminPageId): Promise<ComponentType> {
  return pages[id]();
}
