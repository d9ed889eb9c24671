/**
 * Back office: one player's page (`/admin/user/{id}`, issue G8 item 2, permission `users`; opened in a
 * new tab from the players list and the profile card). The header says who the player is and their
 * state; the actions are offered to the staff members whose permissions allow them (adjust balance:
 * `wallet`; chat mute: `moderateChat`; sign-out and lifting an exclusion: `users`; roles: administrators,
 * never on their own account), each confirmed in a dialog and audited by the
 * server. The cards: profile, balances per currency and account kind, VIP progress, protection record,
 * ledger history, bets, deposits with addresses, withdrawals, bonuses, linked accounts and sessions.
 */
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PlayerDetail, adminUserEndpoint, chatUnmuteEndpoint } from '@nebula/contracts';
import {
  Ban,
  Copy,
  Crown,
  LogOut,
  MessageSquare,
  MessageSquareOff,
  Scale,
  ShieldCheck,
  UserCog,
} from 'lucide-react';
import { Button, EmptyState, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useAppStore, usePermission } from '../../lib/store';
import { AdminLayout, AdminLoading } from './admin-pages';
import {
  BalancesCard,
  BetsCard,
  BonusesCard,
  LedgerCard,
  LinkedCard,
  PaymentsCards,
  ProfileCard,
  ProtectionCard,
  SessionsCard,
  StaffActionsCard,
  VipCard,
} from './admin-player-cards';
import { AdjustForm, BanForm, MuteForm, RolesForm, SignOutForm } from './admin-player-dialogs';
import { NotesCard } from './admin-player-notes';
import { failure, openDialog, playerKey } from './admin-player-parts';
import { RoleTags, StateTag } from './admin-users';
import { formatAdminDate } from './format';
import './admin-players.css';
import './admin-player-moderation.css';

const userRef = endpointRef<typeof adminUserEndpoint>('POST', '/api/admin/user');
const unmuteRef = endpointRef<typeof chatUnmuteEndpoint>('POST', '/api/chat/moderate/unmute');

function Actions({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdjust = usePermission('wallet');
  const canMute = usePermission('moderateChat');
  const canSignOut = usePermission('users');
  const canSetRoles = usePermission('*');
  const self = useAppStore((state) => state.user?._id) === detail.profile._id;
  const muted = detail.profile.chatMutedUntil !== null;
  const banned = detail.profile.bannedAt !== null;
  // Staff accounts are banned by administrators only (the server refuses the others too).
  const staffAccount = detail.profile.roles.some((r) => r !== 'player');
  const canBan = canSignOut && !self && (!staffAccount || canSetRoles);
  const unmute = useMutation({
    mutationFn: () => api(unmuteRef, { name: detail.profile.name }),
    onSuccess: () => toast.success(t('adminPlayers.actions.unmuted')),
    onError: (err) => toast.error(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(detail.profile._id) }),
  });
  return (
    <div className="ap-actions" data-testid="player-actions">
      {canAdjust && (
        <Button
          size="sm"
          icon={<Scale size={14} />}
          onClick={() =>
            openDialog('admin-adjust', t('adminPlayers.adjust.title'), (done) => (
              <AdjustForm detail={detail} onDone={done} />
            ))
          }
          data-testid="action-adjust"
        >
          {t('adminPlayers.actions.adjust')}
        </Button>
      )}
      {canMute &&
        (muted ? (
          <Button
            size="sm"
            variant="secondary"
            icon={<MessageSquare size={14} />}
            loading={unmute.isPending}
            onClick={() => unmute.mutate()}
            data-testid="action-unmute"
          >
            {t('adminPlayers.actions.unmute')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            icon={<MessageSquareOff size={14} />}
            onClick={() =>
              openDialog('admin-mute', t('adminPlayers.actions.mute'), (done) => (
                <MuteForm detail={detail} onDone={done} />
              ))
            }
            data-testid="action-mute"
          >
            {t('adminPlayers.actions.mute')}
          </Button>
        ))}
      {canSetRoles && !self && (
        <Button
          size="sm"
          variant="secondary"
          icon={<UserCog size={14} />}
          onClick={() =>
            openDialog('admin-roles', t('adminPlayers.roles.title'), (done) => (
              <RolesForm detail={detail} onDone={done} />
            ))
          }
          data-testid="action-roles"
        >
          {t('adminPlayers.roles.title')}
        </Button>
      )}
      {canSignOut && (
        <Button
          size="sm"
          variant="secondary"
          icon={<LogOut size={14} />}
          onClick={() =>
            openDialog('admin-signout', t('adminPlayers.actions.signOut'), (done) => (
              <SignOutForm detail={detail} onDone={done} />
            ))
          }
          data-testid="action-signout"
        >
          {t('adminPlayers.actions.signOut')}
        </Button>
      )}
      {canBan && (
        <Button
          size="sm"
          variant={banned ? 'secondary' : 'danger'}
          icon={banned ? <ShieldCheck size={14} /> : <Ban size={14} />}
          onClick={() =>
            openDialog(
              'admin-ban',
              t(banned ? 'adminPlayers.ban.unbanTitle' : 'adminPlayers.ban.banTitle'),
              (done) => <BanForm detail={detail} lift={banned} onDone={done} />,
            )
          }
          data-testid={banned ? 'action-unban' : 'action-ban'}
        >
          {t(banned ? 'adminPlayers.ban.unban' : 'adminPlayers.ban.ban')}
        </Button>
      )}
    </div>
  );
}

// --- cards --------------------------------------------------------------------------------------------

function Header({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const p = detail.profile;
  return (
    <header className="ap-hero pg-card" data-testid="player-header">
      <div className="ap-hero__who">
        <span className="ap-avatar ap-avatar--lg" aria-hidden="true">
          {p.avatar ? <img src={p.avatar} alt="" /> : p.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="ap-hero__text">
          <h1 className="ap-hero__name" data-testid="player-name">
            {p.name}
          </h1>
          <button
            type="button"
            className="ap-hero__id"
            title={t('adminPlayers.page.copyId')}
            onClick={() => {
              void navigator.clipboard
                ?.writeText(p._id)
                .then(() => toast.success(t('adminPlayers.page.copied')));
            }}
          >
            <code>{p._id}</code> <Copy size={12} aria-hidden="true" />
          </button>
          <div className="ap-hero__tags">
            <span className="pg-tag ap-vip-tag">
              <Crown size={12} aria-hidden="true" />{' '}
              {t('adminPlayers.page.level', { level: detail.vip.level })}
            </span>
            <RoleTags roles={p.roles} />
            <StateTag row={p} />
            {p.twoFactor && <span className="pg-tag">{t('adminPlayers.page.twoFactor')}</span>}
            {p.email && !p.emailVerified && (
              <span className="pg-tag ap-warn">{t('adminPlayers.page.unverified')}</span>
            )}
          </div>
          {p.bannedAt && (
            <p className="ap-banned" data-testid="player-banned">
              <Ban size={14} aria-hidden="true" />
              <strong>{t('adminPlayers.ban.banner', { date: formatAdminDate(p.bannedAt) })}</strong>
              {p.bannedReason && <span title={p.bannedReason}>{p.bannedReason}</span>}
            </p>
          )}
        </div>
      </div>
      <Actions detail={detail} />
    </header>
  );
}

export function AdminPlayerPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const canReadAudit = usePermission('*');
  const query = useQuery({
    queryKey: playerKey(userId),
    queryFn: ({ signal }) => api(userRef, { userId }, { signal }),
    // Another staff member's action, or the player's own play, shows within half a minute.
    refetchInterval: 30_000,
    retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 2,
  });
  // An answer without a profile (never from the server) is shown as a failure, not rendered.
  const detail = query.data && typeof query.data.profile === 'object' ? query.data : undefined;
  const title = detail?.profile.name ?? t('app.admin.userTitle', { id: userId });
  const listTitle = t('adminPlayers.title');
  return (
    <AdminLayout
      title={title}
      crumbs={[{ label: listTitle, to: '/admin/users' }, { label: title }]}
      ownHeading={Boolean(detail)}
    >
      {query.isPending ? (
        <AdminLoading rows={8} />
      ) : query.isError || !detail ? (
        <EmptyState
          tone="error"
          title={
            isApiError(query.error) && (query.error.status === 404 || query.error.status === 422)
              ? t('adminPlayers.page.notFound')
              : t('adminPlayers.page.loadFailed')
          }
        />
      ) : (
        <div className="ap-page" data-testid="player-page">
          <Header detail={detail} />
          <div className="ap-grid">
            <ProfileCard detail={detail} />
            <BalancesCard detail={detail} />
            <VipCard detail={detail} />
            <NotesCard userId={detail.profile._id} />
            <ProtectionCard userId={detail.profile._id} />
            <LedgerCard detail={detail} />
            <PaymentsCards detail={detail} />
            <BetsCard detail={detail} />
            <BonusesCard detail={detail} />
            <LinkedCard detail={detail} />
            <SessionsCard detail={detail} />
            {canReadAudit && <StaffActionsCard userId={detail.profile._id} />}
          </div>
        </div>
      )}
    </AdminLayout>
  );
}
