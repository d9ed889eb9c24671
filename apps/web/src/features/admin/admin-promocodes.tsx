/**
 * Back office: promo codes (issue G7 item 1, permission `promocodes`; decision 0038). The list (search
 * by code or description, status, older pages, CSV export of what is loaded), a form that creates a
 * code (real or bonus money, usage limit, expiry, VIP minimum, referral rule, private players, owner,
 * public), and disabling a code (asked twice). Every change is audited by the server.
 */
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import type { AdminPromocode, AdminPromocodeCreate } from '@nebula/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Ticket, X } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, toast } from '../../ui';
import { type ApiError, api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { promocodeApi } from '../../lib/promocodes';
import { useAppStore } from '../../lib/store';
import { AdminLayout, AdminTable } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';
import './admin-promocodes-texts';
import './admin-promocodes.css';

type Status = 'all' | 'active' | 'disabled';

interface Draft {
  code: string;
  description: string;
  type: 'real' | 'bonus' | 'tickets';
  currency: string;
  value: string;
  tickets: string;
  multiplier: string;
  bonusExpiryDays: string;
  maxUses: string;
  expiresAt: string;
  vipLevel: string;
  affiliation: 'any' | 'referred' | 'unaffiliated';
  privateTo: string;
  owner: string;
  public: boolean;
}

const EMPTY: Draft = {
  code: '',
  description: '',
  type: 'real',
  currency: 'usdt',
  value: '',
  tickets: '3',
  multiplier: '10',
  bonusExpiryDays: '30',
  maxUses: '',
  expiresAt: '',
  vipLevel: '0',
  affiliation: 'any',
  privateTo: '',
  owner: '',
  public: false,
};

/** The create request of a filled form (numbers parsed, empty optional fields left out). */
export function createRequest(draft: Draft): AdminPromocodeCreate {
  const int = (value: string) => Number.parseInt(value, 10);
  const names = draft.privateTo
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    code: draft.code.trim(),
    description: draft.description.trim(),
    type: draft.type,
    currency: draft.currency,
    ...(draft.type === 'tickets'
      ? { value: '0', tickets: int(draft.tickets) || 0 }
      : { value: draft.value.trim() }),
    ...(draft.type === 'bonus'
      ? { multiplier: int(draft.multiplier) || 0, bonusExpiryDays: int(draft.bonusExpiryDays) || 30 }
      : {}),
    maxUses: draft.maxUses.trim() ? int(draft.maxUses) : null,
    expiresAt: draft.expiresAt ? new Date(draft.expiresAt).toISOString() : null,
    vipLevel: int(draft.vipLevel) || 0,
    affiliation: draft.affiliation,
    privateTo: names,
    owner: draft.owner.trim() || null,
    public: draft.public,
  };
}

const refusal = (err: ApiError): string =>
  [err.message, ...(err.fields ?? []).map((f) => `${f.path}: ${f.message}`)]
    .filter((part, index, all) => part && all.indexOf(part) === index)
    .join(' · ');

function CreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useAppStore((state) => state.currencies);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (request: AdminPromocodeCreate) => api(promocodeApi.adminCreate, request),
    onSuccess: (code) => {
      toast.success(t('adminPromocodes.created', { code: code.code }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'promocodes'] });
      onDone();
    },
    onError: (err) => setError(isApiError(err) ? refusal(err) : t('adminPromocodes.failed')),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(createRequest(draft));
  };
  const text = (key: keyof Draft, opts: { type?: string; placeholder?: string; max?: number } = {}) => (
    <label className="pg-field">
      <span>{t(`adminPromocodes.form.${key}`)}</span>
      <input
        type={opts.type ?? 'text'}
        value={draft[key] as string}
        placeholder={opts.placeholder}
        maxLength={opts.max}
        onChange={(event) => set(key, event.target.value as never)}
        data-testid={`promo-form-${key}`}
      />
    </label>
  );
  const currencyIds = Object.keys(currencies);
  return (
    <form className="pg-card apc-form" onSubmit={submit} data-testid="promo-create-form" noValidate>
      <h2 className="pg-card__title">{t('adminPromocodes.form.title')}</h2>
      <div className="apc-form__grid">
        {text('code', { placeholder: t('adminPromocodes.form.codeHint'), max: 32 })}
        <label className="pg-field">
          <span>{t('adminPromocodes.form.type')}</span>
          <select
            value={draft.type}
            onChange={(event) => set('type', event.target.value as Draft['type'])}
            data-testid="promo-form-type"
          >
            <option value="real">{t('adminPromocodes.form.types.real')}</option>
            <option value="bonus">{t('adminPromocodes.form.types.bonus')}</option>
            <option value="tickets">{t('adminPromocodes.form.types.tickets')}</option>
          </select>
        </label>
        {/* A tickets code moves no money: its row keeps the default currency only because the column is required. */}
        {draft.type !== 'tickets' && (
          <label className="pg-field">
            <span>{t('adminPromocodes.form.currency')}</span>
            <select
              value={draft.currency}
              onChange={(event) => set('currency', event.target.value)}
              data-testid="promo-form-currency"
            >
              {(currencyIds.length ? currencyIds : ['usdt']).map((id) => (
                <option key={id} value={id}>
                  {id.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
        )}
        {draft.type === 'tickets'
          ? text('tickets', { type: 'number', placeholder: '1-100' })
          : text('value', { placeholder: '10', max: 32 })}
        {draft.type === 'bonus' && text('multiplier', { type: 'number' })}
        {draft.type === 'bonus' && text('bonusExpiryDays', { type: 'number' })}
        {text('maxUses', { type: 'number', placeholder: t('adminPromocodes.form.maxUsesHint') })}
        {text('expiresAt', { type: 'datetime-local' })}
        {text('vipLevel', { type: 'number' })}
        <label className="pg-field">
          <span>{t('adminPromocodes.form.affiliation')}</span>
          <select
            value={draft.affiliation}
            onChange={(event) => set('affiliation', event.target.value as Draft['affiliation'])}
            data-testid="promo-form-affiliation"
          >
            {(['any', 'referred', 'unaffiliated'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`adminPromocodes.form.affiliations.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {text('privateTo', { max: 2000 })}
        {text('owner', { max: 64 })}
        <div className="apc-form__wide">{text('description', { max: 300 })}</div>
        <label className="al-check apc-form__wide">
          <input
            type="checkbox"
            checked={draft.public}
            onChange={(event) => set('public', event.target.checked)}
            data-testid="promo-form-public"
          />
          {t('adminPromocodes.form.public')}
        </label>
      </div>
      {error && (
        <p className="apc-error" role="alert" data-testid="promo-form-error">
          {error}
        </p>
      )}
      <div className="apc-form__actions">
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('adminPromocodes.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={create.isPending} data-testid="promo-form-submit">
          {t('adminPromocodes.form.submit')}
        </Button>
      </div>
    </form>
  );
}

function Rules({ code }: { code: AdminPromocode }) {
  const { t } = useTranslation();
  const tags: string[] = [];
  if (code.type === 'bonus') tags.push(t('adminPromocodes.rules.wagering', { multiplier: code.multiplier }));
  if (code.vipLevel > 0) tags.push(t('adminPromocodes.rules.vip', { level: code.vipLevel }));
  if (code.affiliation !== 'any') tags.push(t(`adminPromocodes.rules.${code.affiliation}`));
  if (code.privateTo.length)
    tags.push(t('adminPromocodes.rules.private', { names: code.privateTo.join(', ') }));
  if (code.owner) tags.push(t('adminPromocodes.rules.owner', { name: code.owner }));
  if (code.public) tags.push(t('adminPromocodes.rules.public'));
  return (
    <span className="apc-rules">
      {tags.map((tag) => (
        <span key={tag} className="pg-tag">
          {tag}
        </span>
      ))}
    </span>
  );
}

export function AdminPromocodesPage() {
  const { t } = useTranslation();
  const title = t('adminPromocodes.title');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const term = useDeferredValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'promocodes', term, status] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        promocodeApi.adminList,
        { ...(term ? { search: term } : {}), status, ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // Staff changes arrive live (admin-live.ts); the slow poll is for the uses players make.
    refetchInterval: 60_000,
  });
  const codes = useMemo(() => query.data?.pages.flatMap((page) => page.codes) ?? [], [query.data]);
  const disable = useMutation({
    mutationFn: (id: string) => api(promocodeApi.adminDisable, { id }),
    onSuccess: (code) => {
      toast.success(t('adminPromocodes.disabled', { code: code.code }));
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'promocodes'] });
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('adminPromocodes.failed')),
  });

  const exportCsv = () => {
    const c = (key: string) => t(`adminPromocodes.columns.${key}`);
    downloadCsv(
      'promocodes',
      toCsv(
        [
          c('id'),
          c('code'),
          c('type'),
          c('value'),
          c('uses'),
          c('expires'),
          c('status'),
          c('created'),
          c('createdBy'),
        ],
        codes.map((p) => [
          p.id,
          p.code,
          p.type,
          p.type === 'tickets' ? `${p.tickets ?? 0} tickets` : `${p.value} ${p.currency}`,
          p.maxUses === null ? `${p.uses}` : `${p.uses}/${p.maxUses}`,
          p.expiresAt ?? '',
          p.disabled ? 'disabled' : 'active',
          p.createdAt,
          p.createdBy ?? '',
        ]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminPromocodes.intro')}</p>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminPromocodes.search'),
          maxLength: 64,
          testId: 'promo-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: codes.length }}
        actions={
          <Button
            size="sm"
            icon={creating ? <X size={14} /> : <Plus size={14} />}
            variant={creating ? 'ghost' : 'primary'}
            onClick={() => setCreating((open) => !open)}
            data-testid="promo-new"
          >
            {creating ? t('adminPromocodes.cancel') : t('adminPromocodes.create')}
          </Button>
        }
      >
        <label className="apc-status">
          <span className="sr-only">{t('adminPromocodes.statusLabel')}</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {(['all', 'active', 'disabled'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`adminPromocodes.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </AdminToolbar>
      {creating && <CreateForm onDone={() => setCreating(false)} />}
      <AdminTable
        query={query}
        count={codes.length}
        loadingRows={6}
        errorTitle={t('adminPromocodes.loadFailed')}
        olderLabel={t('adminPromocodes.older')}
        empty={
          <EmptyState
            icon={<Ticket size={28} />}
            title={t(term || status !== 'all' ? 'adminPromocodes.noMatch' : 'adminPromocodes.empty')}
            text={term || status !== 'all' ? undefined : t('adminPromocodes.emptyText')}
          />
        }
        className="al-table apc-table"
        testId="promo-table"
        head={
          <>
            <th>{t('adminPromocodes.columns.code')}</th>
            <th>{t('adminPromocodes.columns.value')}</th>
            <th>{t('adminPromocodes.columns.uses')}</th>
            <th>{t('adminPromocodes.columns.expires')}</th>
            <th>{t('adminPromocodes.columns.rules')}</th>
            <th>{t('adminPromocodes.columns.status')}</th>
            <th>{t('adminPromocodes.columns.created')}</th>
            <th aria-label={t('adminPromocodes.disable')} />
          </>
        }
      >
        {codes.map((code) => (
          <tr key={code.id} data-testid="promo-row" data-code={code.code}>
            <td>
              <code className="apc-code">{code.code}</code>
              {code.description && <small className="apc-desc">{code.description}</small>}
            </td>
            <td className="al-nowrap">
              <strong className="apc-value">
                {code.type === 'tickets'
                  ? t('adminPromocodes.ticketsValue', { count: code.tickets ?? 0 })
                  : `${code.value} ${code.currency.toUpperCase()}`}
              </strong>
              <small className="apc-desc">{t(`adminPromocodes.form.types.${code.type}`)}</small>
            </td>
            <td className="al-nowrap">
              {code.uses} / {code.maxUses ?? t('adminPromocodes.unlimited')}
            </td>
            <td className="al-nowrap">
              {code.expiresAt ? formatAdminDate(code.expiresAt) : t('adminPromocodes.never')}
            </td>
            <td>
              <Rules code={code} />
            </td>
            <td>
              <span className={clsx('pg-tag', !code.disabled && 'pg-tag--accent')}>
                {t(`adminPromocodes.status.${code.disabled ? 'disabled' : 'active'}`)}
              </span>
            </td>
            <td className="al-nowrap">
              {formatAdminDate(code.createdAt)}
              {code.createdBy && <small className="apc-desc">{code.createdBy}</small>}
            </td>
            <td className="al-nowrap apc-actions">
              {!code.disabled &&
                (confirming === code.id ? (
                  <>
                    <span className="apc-confirm">
                      {t('adminPromocodes.confirmDisable', { code: code.code })}
                    </span>
                    <Button
                      size="sm"
                      variant="danger"
                      loading={disable.isPending}
                      onClick={() => disable.mutate(code.id)}
                      data-testid="promo-disable-confirm"
                    >
                      {t('adminPromocodes.confirm')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                      {t('adminPromocodes.cancel')}
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setConfirming(code.id)}
                    data-testid="promo-disable"
                  >
                    {t('adminPromocodes.disable')}
                  </Button>
                ))}
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminLayout>
  );
}
