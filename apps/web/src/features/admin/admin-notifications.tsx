/**
 * Back office: notifications (issue G7 item 5, permission `notifications`; decision 0040). Staff write
 * a notification for everyone or one player (HTML the server sanitises; it reaches the strips live) and
 * withdraw one; the list shows staff notifications (or all, with the system's), who they are for, how
 * many players dismissed them and whether they are live.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Send } from 'lucide-react';
import type {
  AdminNotification,
  adminNotificationCreateEndpoint,
  adminNotificationWithdrawEndpoint,
  adminNotificationsEndpoint,
} from '@nebula/contracts';
import { NOTIFICATION_ICONS, NOTIFICATION_TEXT_MAX } from '@nebula/contracts/constants';
import { Button, EmptyState, Tabs, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminTable } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-notifications-texts';
import './admin-logs.css';
import './admin-notifications.css';

const listRef = endpointRef<typeof adminNotificationsEndpoint>('POST', '/api/admin/notifications');
const createRef = endpointRef<typeof adminNotificationCreateEndpoint>(
  'POST',
  '/api/admin/notifications/create',
);
const withdrawRef = endpointRef<typeof adminNotificationWithdrawEndpoint>(
  'POST',
  '/api/admin/notifications/withdraw',
);

type Kind = 'staff' | 'all';

function statusOf(n: AdminNotification, now: number): 'live' | 'expired' | 'withdrawnTag' {
  if (n.withdrawnAt) return 'withdrawnTag';
  if (n.expiresAt && new Date(n.expiresAt).getTime() <= now) return 'expired';
  return 'live';
}

function Composer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [icon, setIcon] = useState<(typeof NOTIFICATION_ICONS)[number]>('megaphone');
  const [player, setPlayer] = useState('');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api(createRef, {
        text,
        icon,
        player: player.trim() || null,
        expiresAt: expires ? new Date(expires).toISOString() : null,
      });
      toast.success(t('adminNotifications.published'));
      setText('');
      setPlayer('');
      setExpires('');
      onDone();
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t('adminNotifications.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="pg-card an-compose"
      onSubmit={(event) => void submit(event)}
      data-testid="notification-compose"
    >
      <h2 className="pg-card__title">{t('adminNotifications.compose')}</h2>
      <label className="an-field an-field--wide">
        <span>{t('adminNotifications.text')}</span>
        <textarea
          value={text}
          rows={3}
          maxLength={NOTIFICATION_TEXT_MAX}
          placeholder={t('adminNotifications.textHint')}
          onChange={(event) => setText(event.target.value)}
          required
          data-testid="notification-text"
        />
      </label>
      <label className="an-field">
        <span>{t('adminNotifications.icon')}</span>
        <select
          value={icon}
          onChange={(event) => setIcon(event.target.value as typeof icon)}
          data-testid="notification-icon"
        >
          {NOTIFICATION_ICONS.map((id) => (
            <option key={id} value={id}>
              {t(`adminNotifications.icons.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="an-field">
        <span>{t('adminNotifications.player')}</span>
        <input
          type="text"
          value={player}
          maxLength={64}
          placeholder={t('adminNotifications.playerHint')}
          onChange={(event) => setPlayer(event.target.value)}
          data-testid="notification-player"
        />
      </label>
      <label className="an-field">
        <span>{t('adminNotifications.expires')}</span>
        <input type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
      </label>
      <div className="an-compose__actions">
        <Button type="submit" icon={<Send size={16} />} loading={busy} data-testid="notification-publish">
          {t('adminNotifications.publish')}
        </Button>
      </div>
    </form>
  );
}

export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const title = t('adminNotifications.title');
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('staff');
  const query = useInfiniteQuery({
    queryKey: ['admin', 'notifications', kind] as const,
    queryFn: ({ pageParam, signal }) =>
      api(listRef, { kind, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // Staff changes arrive live (admin-live.ts); the slow poll is for the dismissals players make.
    refetchInterval: 60_000,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.notifications) ?? [], [query.data]);
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  // The search reads the rows loaded (the text without its markup, the player, the author).
  const shown = useMemo(
    () =>
      term
        ? rows.filter((n) =>
            [n.text.replace(/<[^>]*>/g, ''), n.player ?? '', n.createdBy ?? ''].some((field) =>
              field.toLowerCase().includes(term),
            ),
          )
        : rows,
    [rows, term],
  );
  const [now] = useState(() => Date.now());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'notifications'] });
  const withdraw = async (id: string) => {
    try {
      await api(withdrawRef, { id });
      toast.success(t('adminNotifications.withdrawn'));
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t('adminNotifications.failed'));
    }
    refresh();
  };
  const exportCsv = () => {
    const c = (key: string) => t(`adminNotifications.columns.${key}`);
    downloadCsv(
      'notifications',
      toCsv(
        ['id', c('notification'), c('audience'), c('created'), 'created_by', c('dismissed'), c('status')],
        shown.map((n) => [
          n.id,
          n.text,
          n.player ?? '',
          n.createdAt,
          n.createdBy,
          n.dismissed,
          statusOf(n, now),
        ]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminNotifications.intro')}</p>
      <Composer onDone={refresh} />
      <AdminToolbar
        leading={
          <Tabs<Kind>
            value={kind}
            onChange={setKind}
            size="sm"
            aria-label={title}
            tabs={[
              { id: 'staff', label: t('adminNotifications.kinds.staff') },
              { id: 'all', label: t('adminNotifications.kinds.all') },
            ]}
          />
        }
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminNotifications.search'),
          testId: 'notifications-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: shown.length, testId: 'notifications-export' }}
      />
      <AdminTable
        query={query}
        count={shown.length}
        loadingRows={5}
        errorTitle={t('adminNotifications.loadFailed')}
        olderLabel={t('adminNotifications.older')}
        empty={
          <EmptyState
            icon={<BellRing size={28} />}
            title={t(term ? 'adminNotifications.noMatch' : 'adminNotifications.empty')}
            text={term ? undefined : t('adminNotifications.emptyText')}
          />
        }
        className="al-table an-table"
        testId="admin-notifications"
        head={
          <>
            <th>{t('adminNotifications.columns.notification')}</th>
            <th>{t('adminNotifications.columns.audience')}</th>
            <th>{t('adminNotifications.columns.created')}</th>
            <th>{t('adminNotifications.columns.dismissed')}</th>
            <th>{t('adminNotifications.columns.status')}</th>
            <th aria-label={t('adminNotifications.withdraw')} />
          </>
        }
      >
        {shown.map((n) => {
          const status = statusOf(n, now);
          return (
            <tr key={n.id} data-testid="admin-notification" data-id={n.id}>
              <td className="an-text">
                <span className="pg-tag">{t(`adminNotifications.kind.${n.kind}`)}</span>{' '}
                <small className="an-icon">{t(`adminNotifications.icons.${n.icon}`)}</small>
                {/* HTML the server sanitised. */}
                <div dangerouslySetInnerHTML={{ __html: n.text }} />
              </td>
              <td>{n.player ?? <em>{t('adminNotifications.everyone')}</em>}</td>
              <td className="al-nowrap">
                {formatAdminDate(n.createdAt)}
                {n.createdBy && (
                  <>
                    <br />
                    <small>{t('adminNotifications.by', { name: n.createdBy })}</small>
                  </>
                )}
              </td>
              <td className="num">{n.dismissed}</td>
              <td>
                <span className={`pg-tag an-status an-status--${status}`}>
                  {t(`adminNotifications.${status}`)}
                </span>
              </td>
              <td>
                {status === 'live' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void withdraw(n.id)}
                    data-testid="notification-withdraw"
                  >
                    {t('adminNotifications.withdraw')}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </AdminLayout>
  );
}
