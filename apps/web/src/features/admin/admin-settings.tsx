/**
 * Back office: operator settings (issue G8 item 7, permission `settings`). Every setting of the
 * server's registry, grouped by the module that owns it and searchable; the chosen one is edited with a
 * form made from its JSON Schema (schema-form.tsx) or as JSON, saved one at a time (the server
 * validates it against the same schema, answers 422 with the reason, and audits the change), reset to
 * its default, or reverted. `?key=` opens a setting directly.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SettingEntry, staffSettingsEndpoint, staffSettingUpdateEndpoint } from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Braces, ListChecks, RotateCcw, Save, Search, Settings } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, Tabs, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading } from './admin-pages';
import { formable, type JsonSchema, SchemaFields } from './schema-form';
import './admin-toolbar.css';
import './admin-settings.css';

const settingsRef = endpointRef<typeof staffSettingsEndpoint>('POST', '/api/admin/settings');
const updateRef = endpointRef<typeof staffSettingUpdateEndpoint>('POST', '/api/admin/settings/update');
const SETTINGS_KEY = ['admin', 'settings'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function SettingEditor({ entry }: { entry: SettingEntry }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = entry.schema as JsonSchema;
  const canForm = formable(schema);
  const [mode, setMode] = useState<'form' | 'json'>(canForm ? 'form' : 'json');
  const [draft, setDraft] = useState<unknown>(entry.value);
  const [json, setJson] = useState(() => JSON.stringify(entry.value, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = !same(draft, entry.value);
  const isDefault = same(entry.value, entry.default);

  const edit = (value: unknown) => {
    setDraft(value);
    setJson(JSON.stringify(value, null, 2));
    setJsonError(null);
    setError(null);
  };
  const save = useMutation({
    mutationFn: () => api(updateRef, { key: entry.key, value: draft as never }),
    onSuccess: ({ setting }) => {
      toast.success(t('adminSettings.saved', { key: entry.key }));
      queryClient.setQueryData(SETTINGS_KEY, (old: SettingEntry[] | undefined) =>
        old?.map((s) => (s.key === setting.key ? setting : s)),
      );
      edit(setting.value);
    },
    onError: (err) =>
      setError(
        isApiError(err)
          ? [err.message, ...(err.fields ?? []).map((f) => f.message)].filter(Boolean).join(' ')
          : t('errors.generic'),
      ),
  });

  return (
    <section className="as-editor pg-card" data-testid="setting-editor" data-key={entry.key}>
      <header className="as-editor__head">
        <div>
          <h2>
            <code>{entry.key}</code>
          </h2>
          <p>{entry.description}</p>
        </div>
        <span className={clsx('pg-tag', isDefault ? 'as-tag--default' : 'as-tag--changed')}>
          {t(isDefault ? 'adminSettings.default' : 'adminSettings.changed')}
        </span>
      </header>
      {entry.malformed && (
        <p className="as-warning" role="alert">
          <AlertTriangle size={14} aria-hidden="true" /> {t('adminSettings.malformed')}
        </p>
      )}
      {canForm && (
        <Tabs<'form' | 'json'>
          value={mode}
          onChange={setMode}
          size="sm"
          aria-label={entry.key}
          tabs={[
            { id: 'form', label: t('adminSettings.form'), icon: <ListChecks size={14} /> },
            { id: 'json', label: 'JSON', icon: <Braces size={14} /> },
          ]}
        />
      )}
      <div className="as-editor__body">
        {mode === 'form' ? (
          <SchemaFields schema={schema} value={draft} onChange={edit} label={entry.key} />
        ) : (
          <>
            <textarea
              className="as-json"
              value={json}
              rows={Math.min(24, Math.max(6, json.split('\n').length + 1))}
              spellCheck={false}
              aria-label={entry.key}
              aria-invalid={jsonError ? true : undefined}
              onChange={(event) => {
                setJson(event.target.value);
                setError(null);
                try {
                  setDraft(JSON.parse(event.target.value));
                  setJsonError(null);
                } catch (err) {
                  setJsonError(err instanceof Error ? err.message : String(err));
                }
              }}
              data-testid="setting-json"
            />
            {jsonError && <p className="as-error">{jsonError}</p>}
          </>
        )}
      </div>
      {error && (
        <p className="as-error" role="alert" data-testid="setting-error">
          {error}
        </p>
      )}
      <footer className="as-editor__actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw size={14} />}
          disabled={same(draft, entry.default)}
          onClick={() => edit(entry.default)}
        >
          {t('adminSettings.useDefault')}
        </Button>
        <Button variant="ghost" size="sm" disabled={!changed} onClick={() => edit(entry.value)}>
          {t('adminSettings.revert')}
        </Button>
        <Button
          size="sm"
          icon={<Save size={14} />}
          disabled={!changed || !!jsonError}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="setting-save"
        >
          {t('adminSettings.save')}
        </Button>
      </footer>
    </section>
  );
}

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const title = t('adminSettings.title');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api(settingsRef, {}, { signal }).then((answer) => answer.settings),
  });
  const term = search.trim().toLowerCase();
  const groups = useMemo(() => {
    const byOwner = new Map<string, SettingEntry[]>();
    for (const entry of query.data ?? []) {
      if (term && !`${entry.key} ${entry.owner} ${entry.description}`.toLowerCase().includes(term)) continue;
      byOwner.set(entry.owner, [...(byOwner.get(entry.owner) ?? []), entry]);
    }
    return [...byOwner].sort(([a], [b]) => a.localeCompare(b));
  }, [query.data, term]);
  const selectedKey = params.get('key');
  const selected = query.data?.find((entry) => entry.key === selectedKey) ?? null;

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminSettings.intro')}</p>
      {query.isPending ? (
        <AdminLoading rows={8} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminSettings.loadFailed')} />
      ) : (
        <div className={clsx('as-split', selected && 'has-open')}>
          <nav className="as-list" aria-label={title}>
            <label className="al-search">
              <Search size={16} aria-hidden="true" />
              <input
                type="search"
                value={search}
                placeholder={t('adminSettings.search')}
                aria-label={t('adminSettings.search')}
                onChange={(event) => setSearch(event.target.value)}
                data-testid="settings-search"
              />
            </label>
            {groups.length === 0 && <EmptyState title={t('adminSettings.noMatch')} />}
            {groups.map(([owner, entries]) => (
              <section key={owner} className="as-group">
                <h3>{owner}</h3>
                <ul>
                  {entries.map((entry) => (
                    <li key={entry.key}>
                      <button
                        type="button"
                        className={clsx('as-item', entry.key === selectedKey && 'is-active')}
                        onClick={() => setParams({ key: entry.key })}
                        data-testid="settings-item"
                        data-key={entry.key}
                      >
                        <code>{entry.key}</code>
                        {!same(entry.value, entry.default) && (
                          <span className="as-dot" title={t('adminSettings.changed')} />
                        )}
                        {entry.malformed && <AlertTriangle size={12} className="as-bad" />}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <div className="as-detail">
            {selected ? (
              <>
                <button type="button" className="al-mail__back as-back" onClick={() => setParams({})}>
                  ← {t('adminSettings.back')}
                </button>
                <SettingEditor key={`${selected.key}:${JSON.stringify(selected.value)}`} entry={selected} />
              </>
            ) : (
              <EmptyState icon={<Settings size={28} />} title={t('adminSettings.select')} />
            )}
          </div>
        </div>
      )}
    </AdminLayout>
  );
}
