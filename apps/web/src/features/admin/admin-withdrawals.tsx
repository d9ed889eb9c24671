/**
 * Back office: the withdrawal queue (issue F4 item 5, permission `withdraws`). Staff see requests
 * by status (default: in moderation, oldest VIP-first order as the server gives it), accept one by
 * recording the payout's transaction id, or decline it with a reason (the server refunds).
 */
import { useState } from 'react';
import type {
  adminAcceptWithdrawEndpoint,
  adminDeclineWithdrawEndpoint,
  adminWithdrawsEndpoint,
  ResponseOf,
} from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, RefreshCw, X } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, Tabs, closeModal, openModal, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { i18n, useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading } from './admin-pages';
import { formatAdminDate } from './format';
import './admin-withdrawals.css';

const queueRef = endpointRef<typeof adminWithdrawsEndpoint>('POST', '/api/admin/withdraws');
const acceptRef = endpointRef<typeof adminAcceptWithdrawEndpoint>('POST', '/api/admin/withdraws/accept');
const declineRef = endpointRef<typeof adminDeclineWithdrawEndpoint>('POST', '/api/admin/withdraws/decline');

type QueueItem = ResponseOf<typeof adminWithdrawsEndpoint>['withdraws'][number];
type Filter = 'moderation' | 'accepted' | 'declined' | 'all';

/** Statuses per filter (spec 3 section 4: 0 and 3 are moderation). */
export const FILTER_STATUSES: Record<Filter, number[] | undefined> = {
  moderation: [0, 3],
  accepted: [1],
  declined: [2],
  all: [0, 1, 2, 3, 4],
};

export function statusKind(status: number): 'moderation' | 'accepted' | 'declined' | 'cancelled' {
  if (status === 1) return 'accepted';
  if (status === 2) return 'declined';
  if (status === 4) return 'cancelled';
  return 'moderation';
}

const queueKey = (filter: Filter) => ['admin', 'withdraws', filter] as const;

function DecisionForm({
  item,
  kind,
  onDone,
}: {
  item: QueueItem;
  kind: 'accept' | 'decline';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: () =>
      kind === 'accept'
        ? api(acceptRef, { id: item._id, txid: value.trim() })
        : api(declineRef, { id: item._id, reason: value.trim() }),
    onSuccess: () => {
      toast.success(t(kind === 'accept' ? 'adminWithdrawals.accepted' : 'adminWithdrawals.declined'));
      onDone();
    },
    onError: (err) => setError(isApiError(err) ? err.message : t('errors.generic')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'withdraws'] }),
  });
  const label = t(kind === 'accept' ? 'adminWithdrawals.txid' : 'adminWithdrawals.reason');
  const amount = `${item.sum} ${item.currency.toUpperCase()}`;
  return (
    <form
      className="aw-form"
      data-testid={`withdraw-${kind}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!value.trim()) {
          setError(t('adminWithdrawals.required'));
          return;
        }
        decide.mutate();
      }}
    >
      <p className="aw-form__text">
        {kind === 'accept'
          ? t('adminWithdrawals.acceptText', { amount, address: item.address })
          : t('adminWithdrawals.declineText')}
      </p>
      <label className="pg-field">
        <span>{label}</span>
        {kind === 'accept' ? (
          <input
            type="text"
            value={value}
            autoComplete="off"
            spellCheck={false}
            className="aw-mono"
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            maxLength={128}
            data-testid="withdraw-decision-input"
          />
        ) : (
          <textarea
            value={value}
            rows={3}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            maxLength={500}
            data-testid="withdraw-decision-input"
          />
        )}
      </label>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
      <div className="aw-form__actions">
        <Button variant="ghost" onClick={onDone}>
          {t('adminWithdrawals.cancel')}
        </Button>
        <Button
          type="submit"
          variant={kind === 'accept' ? 'primary' : 'danger'}
          loading={decide.isPending}
          data-testid="withdraw-decision-submit"
        >
          {t('adminWithdrawals.confirm')}
        </Button>
      </div>
    </form>
  );
}

function openDecision(item: QueueItem, kind: 'accept' | 'decline'): void {
  const id = `admin-withdraw-${kind}`;
  openModal({
    id,
    size: 'sm',
    title: i18n.t(kind === 'accept' ? 'adminWithdrawals.acceptTitle' : 'adminWithdrawals.declineTitle'),
    content: <DecisionForm item={item} kind={kind} onDone={() => closeModal(id)} />,
  });
}

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="pg-table-wrap">
      <table className="pg-table aw-table" data-testid="admin-withdraws">
        <thead>
          <tr>
            <th>{t('adminWithdrawals.columns.created')}</th>
            <th>{t('adminWithdrawals.columns.user')}</th>
            <th className="aw-num">{t('adminWithdrawals.columns.amount')}</th>
            <th className="aw-num">{t('adminWithdrawals.columns.fee')}</th>
            <th>{t('adminWithdrawals.columns.address')}</th>
            <th>{t('adminWithdrawals.columns.status')}</th>
            <th className="aw-actions-col">{t('adminWithdrawals.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const kind = statusKind(item.status);
            return (
              <tr key={item._id} data-testid="admin-withdraw-row" data-id={item._id} data-status={kind}>
                <td className="aw-nowrap">{formatAdminDate(item.created_at)}</td>
                <td>{item.user.name}</td>
                <td className="aw-num aw-nowrap">
                  {item.sum} {item.currency.toUpperCase()}
                  <small className="aw-chain">{item.chain}</small>
                </td>
                <td className="aw-num aw-nowrap">{item.fee}</td>
                <td className="aw-address">
                  <code title={item.address}>{item.address}</code>
                  {item.txid && <small title={item.txid}>tx {item.txid}</small>}
                  {item.decline_reason && <small>{item.decline_reason}</small>}
                </td>
                <td>
                  <span className={clsx('pg-tag', `aw-status--${kind}`)}>
                    {t(`adminWithdrawals.status.${kind}`)}
                  </span>
                  {item.auto && <span className="pg-tag aw-auto">{t('adminWithdrawals.auto')}</span>}
                </td>
                <td className="aw-actions">
                  {kind === 'moderation' && (
                    <>
                      <Button
                        size="sm"
                        icon={<Check size={14} />}
                        onClick={() => openDecision(item, 'accept')}
                        data-testid="admin-withdraw-accept"
                      >
                        {t('adminWithdrawals.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<X size={14} />}
                        onClick={() => openDecision(item, 'decline')}
                        data-testid="admin-withdraw-decline"
                      >
                        {t('adminWithdrawals.decline')}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('moderation');
  const title = t('adminWithdrawals.title');
  const query = useQuery({
    queryKey: queueKey(filter),
    queryFn: ({ signal }) =>
      api(queueRef, { status: FILTER_STATUSES[filter] }, { signal }).then((answer) => answer.withdraws),
    refetchInterval: 15_000,
  });
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <div className="aw-toolbar">
        <Tabs<Filter>
          value={filter}
          onChange={setFilter}
          size="sm"
          aria-label={title}
          tabs={(['moderation', 'accepted', 'declined', 'all'] as const).map((id) => ({
            id,
            label: t(`adminWithdrawals.filter.${id}`),
          }))}
        />
        <Button
          size="sm"
          variant="ghost"
          icon={<RefreshCw size={14} />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('adminWithdrawals.refresh')}
        </Button>
      </div>
      {query.isPending ? (
        <AdminLoading rows={5} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminWithdrawals.loadFailed')} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={<Inbox size={28} />}
          title={t('adminWithdrawals.empty')}
          text={t('adminWithdrawals.emptyText')}
        />
      ) : (
        <QueueTable items={query.data} />
      )}
    </AdminLayout>
  );
}
