/**
 * Back office: the staff audit log (issue G8 item 9, administrators: the `*` role). Filters by action
 * or module, target, staff member and time range (applied together, checked by the server: a bad
 * filter shows its message), older pages, CSV export of what is loaded, and each entry's change
 * (before, after, details) on demand.
 */
import { Fragment, useMemo, useState, type FormEvent } from 'react';
import type { StaffAuditEntry, staffAuditEndpoint, RequestOf } from '@nebula/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, ScrollText } from 'lucide-react';
import { Button, EmptyState } from '../../ui';
import { type ApiError, api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading, LoadOlder } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';

const auditRef = endpointRef<typeof staffAuditEndpoint>('POST', '/api/admin/audit');

type Filters = Record<'action' | 'targetType' | 'targetId' | 'actor' | 'from' | 'to', string>;
const NO_FILTERS: Filters = { action: '', targetType: '', targetId: '', actor: '', from: '', to: '' };

/** The request of the filled filters (`datetime-local` values are the browser's local time). */
export function auditRequest(filters: Filters): RequestOf<typeof staffAuditEndpoint> {
  const request: RequestOf<typeof staffAuditEndpoint> = {};
  const text = (value: string) => value.trim() || undefined;
  const instant = (value: string) => {
    if (!value) return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toISOString();
  };
  const entries = {
    action: text(filters.action),
    targetType: text(filters.targetType),
    targetId: text(filters.targetId),
    actor: text(filters.actor),
    from: instant(filters.from),
    to: instant(filters.to),
  };
  for (const [key, value] of Object.entries(entries))
    if (value !== undefined) (request as Record<string, string>)[key] = value;
  return request;
}

/** The server refused the filters (a 4xx): retrying will not help, its message says why. */
const refused = (err: unknown): err is ApiError => isApiError(err) && err.status >= 400 && err.status < 500;
const refusal = (err: ApiError): string =>
  [err.message, ...(err.fields ?? []).map((f) => f.message)].filter(Boolean).join(' ');

const json = (value: unknown): string => (value == null ? '' : JSON.stringify(value));

/** One line of what the details say (`reason: …, amount: …`). */
function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function Change({ entry }: { entry: StaffAuditEntry }) {
  const { t } = useTranslation();
  const block = (label: string, value: unknown) => (
    <div className="al-change__block">
      <h4>{label}</h4>
      <pre>{value == null ? t('adminAudit.none') : JSON.stringify(value, null, 2)}</pre>
    </div>
  );
  return (
    <div className="al-change" data-testid="audit-change">
      {block(t('adminAudit.columns.before'), entry.before)}
      {block(t('adminAudit.columns.after'), entry.after)}
      {block(t('adminAudit.columns.details'), entry.details)}
    </div>
  );
}

export function AdminAuditPage() {
  const { t } = useTranslation();
  const title = t('adminAudit.title');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const request = useMemo(() => auditRequest(filters), [filters]);
  const query = useInfiniteQuery({
    queryKey: ['admin', 'audit', request] as const,
    queryFn: ({ pageParam, signal }) =>
      api(auditRef, { ...request, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    retry: (count, err) => !refused(err) && count < 2,
  });
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.entries) ?? [], [query.data]);
  const filtered = Object.values(filters).some(Boolean);

  const field = (key: keyof Filters, type: 'text' | 'datetime-local' = 'text', hint?: string) => (
    <label className="pg-field">
      <span>{t(`adminAudit.${key}`)}</span>
      <input
        type={type}
        value={draft[key]}
        placeholder={hint}
        maxLength={type === 'text' ? 128 : undefined}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        data-testid={`audit-filter-${key}`}
      />
    </label>
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const exportCsv = () => {
    const c = (key: string) => t(`adminAudit.columns.${key}`);
    downloadCsv(
      'audit',
      toCsv(
        [c('id'), c('time'), c('actor'), c('action'), c('target'), c('before'), c('after'), c('details')],
        entries.map((e) => [
          e.id,
          e.created_at,
          `${e.actor.name} (${e.actor._id})`,
          e.action,
          e.target ? `${e.target.type}:${e.target.id}` : '',
          json(e.before),
          json(e.after),
          json(e.details),
        ]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminAudit.intro')}</p>
      <form className="al-filters pg-card" onSubmit={apply} data-testid="audit-filters">
        {field('action', 'text', t('adminAudit.actionHint'))}
        {field('targetType')}
        {field('targetId')}
        {field('actor')}
        {field('from', 'datetime-local')}
        {field('to', 'datetime-local')}
        <div className="al-filters__actions">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            {t('adminAudit.reset')}
          </Button>
          <Button type="submit" size="sm" data-testid="audit-apply">
            {t('adminAudit.apply')}
          </Button>
        </div>
      </form>
      <AdminToolbar
        refresh={query}
        csv={{ onExport: exportCsv, count: entries.length, testId: 'audit-export' }}
      />
      {query.isPending ? (
        <AdminLoading rows={6} />
      ) : query.isError ? (
        <EmptyState
          tone="error"
          title={t('adminAudit.loadFailed')}
          text={refused(query.error) ? refusal(query.error) : undefined}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<ScrollText size={28} />}
          title={t(filtered ? 'adminAudit.noMatch' : 'adminAudit.empty')}
        />
      ) : (
        <>
          <div className="pg-table-wrap">
            <table className="pg-table al-table" data-testid="audit-table">
              <thead>
                <tr>
                  <th aria-label={t('adminAudit.show')} />
                  <th>{t('adminAudit.columns.time')}</th>
                  <th>{t('adminAudit.columns.actor')}</th>
                  <th>{t('adminAudit.columns.action')}</th>
                  <th>{t('adminAudit.columns.target')}</th>
                  <th>{t('adminAudit.columns.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => {
                  const open = expanded.has(entry.id);
                  return (
                    <Fragment key={entry.id}>
                      <tr data-testid="audit-row" data-action={entry.action}>
                        <td className="al-table__toggle">
                          <button
                            type="button"
                            onClick={() => toggle(entry.id)}
                            aria-expanded={open}
                            aria-label={t(open ? 'adminAudit.hide' : 'adminAudit.show')}
                            data-testid="audit-toggle"
                          >
                            {open ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
                          </button>
                        </td>
                        <td className="al-nowrap">{formatAdminDate(entry.created_at)}</td>
                        <td>{entry.actor.name}</td>
                        <td>
                          <code className="al-action">{entry.action}</code>
                        </td>
                        <td className="al-target">
                          {entry.target && (
                            <>
                              <small>{entry.target.type}</small> <code>{entry.target.id}</code>
                            </>
                          )}
                        </td>
                        <td className="al-details" title={summary(entry.details)}>
                          {summary(entry.details)}
                        </td>
                      </tr>
                      {open && (
                        <tr className="al-table__change">
                          <td colSpan={6}>
                            <Change entry={entry} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadOlder query={query} label={t('adminAudit.older')} />
        </>
      )}
    </AdminLayout>
  );
}
