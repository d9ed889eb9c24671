/**
 * Back office: the players list (issue G8 item 2, permission `users`). Search by name, e-mail, id,
 * deposit or wallet address (the server decides which matches), newest first with older pages, CSV
 * export of what is loaded. Each player opens in a new tab at `/admin/user/{id}` (spec 2 section 1).
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { PlayerRow, adminUsersEndpoint } from '@nebula/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ExternalLink, Users } from 'lucide-react';
import { EmptyState } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminTable } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';
import './admin-players.css';

const usersRef = endpointRef<typeof adminUsersEndpoint>('POST', '/api/admin/users');

/** What a player's state tag says: blocked (protection) before muted before active. */
export function playerState(row: Pick<PlayerRow, 'blocked' | 'chatMutedUntil' | 'bannedAt'>) {
  if (row.bannedAt) return 'banned' as const;
  if (row.blocked) return row.blocked;
  if (row.chatMutedUntil) return 'muted' as const;
  return 'active' as const;
}

export function StateTag({ row }: { row: Pick<PlayerRow, 'blocked' | 'chatMutedUntil' | 'bannedAt'> }) {
  const { t } = useTranslation();
  const state = playerState(row);
  return (
    <span className={`pg-tag ap-state ap-state--${state}`} data-testid="player-state" data-state={state}>
      {t(`adminPlayers.state.${state}`)}
    </span>
  );
}

export function RoleTags({ roles }: { roles: string[] }) {
  return (
    <span className="ap-roles">
      {roles.map((role) => (
        <span key={role} className={role === 'player' ? 'pg-tag' : 'pg-tag pg-tag--accent'}>
          {role === '*' ? 'admin' : role}
        </span>
      ))}
    </span>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  const title = t('adminPlayers.title');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'users', term] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        usersRef,
        { ...(term ? { search: term } : {}), ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const users = useMemo(() => query.data?.pages.flatMap((page) => page.users) ?? [], [query.data]);

  const exportCsv = () => {
    const c = (key: string) => t(`adminPlayers.columns.${key}`);
    downloadCsv(
      'players',
      toCsv(
        [c('id'), c('name'), c('email'), c('vip'), c('roles'), c('registered'), c('state')],
        users.map((u) => [
          u._id,
          u.name,
          u.email,
          u.vipLevel,
          u.roles.join(' '),
          u.created_at,
          playerState(u),
        ]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminPlayers.intro')}</p>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminPlayers.search'),
          testId: 'players-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: users.length, testId: 'players-export' }}
      />
      <AdminTable
        query={query}
        count={users.length}
        loadingRows={8}
        errorTitle={t('adminPlayers.loadFailed')}
        olderLabel={t('adminPlayers.older')}
        empty={
          <EmptyState
            icon={<Users size={28} />}
            title={t(term ? 'adminPlayers.noMatch' : 'adminPlayers.empty')}
          />
        }
        className="ap-table"
        testId="players-table"
        head={
          <>
            <th>{t('adminPlayers.columns.name')}</th>
            <th className="ap-hide-sm">{t('adminPlayers.columns.email')}</th>
            <th>{t('adminPlayers.columns.vip')}</th>
            <th className="ap-hide-sm">{t('adminPlayers.columns.roles')}</th>
            <th className="ap-hide-sm">{t('adminPlayers.columns.registered')}</th>
            <th>{t('adminPlayers.columns.state')}</th>
          </>
        }
      >
        {users.map((user) => (
          <tr key={user._id} data-testid="players-row" data-id={user._id}>
            <td className="ap-player">
              <Link
                to={`/admin/user/${user._id}`}
                target="_blank"
                rel="noopener"
                className="ap-player__link"
                data-testid="players-open"
              >
                <span className="ap-avatar" aria-hidden="true">
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="ap-player__text">
                  <strong>{user.name}</strong>
                  <small className="ap-show-sm">{user.email ?? user._id}</small>
                  <small className="ap-hide-sm">{user._id}</small>
                </span>
                <ExternalLink size={13} aria-hidden="true" className="ap-player__ext" />
              </Link>
            </td>
            <td className="ap-hide-sm ap-email">{user.email ?? '—'}</td>
            <td>
              <span className="ap-vip">{user.vipLevel}</span>
            </td>
            <td className="ap-hide-sm">
              <RoleTags roles={user.roles} />
            </td>
            <td className="ap-hide-sm al-nowrap">{formatAdminDate(user.created_at)}</td>
            <td>
              <StateTag row={user} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminLayout>
  );
}
