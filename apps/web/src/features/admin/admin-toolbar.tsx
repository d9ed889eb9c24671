/**
 * The toolbar above every back-office list (one look everywhere): an optional leading part (tabs), the
 * search box, the list's filters, then at the end the refresh button, the CSV export of what is loaded
 * and the page's own actions. Its texts are `adminToolbar.*`; the page names its search placeholder.
 *
 *   <AdminToolbar
 *     search={{ value: search, onChange: setSearch, placeholder: t('adminX.search'), testId: 'x-search' }}
 *     refresh={query}
 *     csv={{ onExport: exportCsv, count: rows.length, testId: 'x-export' }}
 *   >
 *     {filters}
 *   </AdminToolbar>
 */
import type { ReactNode } from 'react';
import { Download, RefreshCw, Search } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../ui';
import { addTranslations, useTranslation } from '../../lib/i18n';
import './admin-toolbar.css';

addTranslations('en', { adminToolbar: { refresh: 'Refresh', export: 'Export CSV' } });
addTranslations('de', { adminToolbar: { refresh: 'Aktualisieren', export: 'CSV exportieren' } });

export interface AdminSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Placeholder and accessible name, e.g. "Search by name, e-mail or id". */
  placeholder: string;
  maxLength?: number;
  testId?: string;
}

/** The list's search box (a magnifier and a search input). */
export function AdminSearch({ value, onChange, placeholder, maxLength = 120, testId }: AdminSearchProps) {
  return (
    <label className="al-search">
      <Search size={16} aria-hidden="true" />
      <input
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/** What the refresh button reads of a (paged) TanStack query. */
export interface RefreshableQuery {
  isFetching: boolean;
  isFetchingNextPage?: boolean;
  refetch: () => unknown;
}

export interface AdminToolbarProps {
  /** Before the search box (a list's tabs). */
  leading?: ReactNode;
  search?: AdminSearchProps;
  /** The list's filters, after the search box. */
  children?: ReactNode;
  /** The query the refresh button fetches again (spinning while it does, not while it loads older rows). */
  refresh?: RefreshableQuery;
  /** CSV export of the rows loaded: disabled while there are none. */
  csv?: { onExport: () => void; count: number; testId?: string };
  /** The page's own buttons, last (e.g. "New code"). */
  actions?: ReactNode;
  className?: string;
}

export function AdminToolbar({
  leading,
  search,
  children,
  refresh,
  csv,
  actions,
  className,
}: AdminToolbarProps) {
  const { t } = useTranslation();
  const end = Boolean(refresh || csv || actions);
  return (
    <div className={clsx('al-toolbar', className)} data-testid="admin-toolbar">
      {leading}
      {search && <AdminSearch {...search} />}
      {children}
      {end && (
        <div className="al-toolbar__end">
          {refresh && (
            <Button
              size="sm"
              variant="ghost"
              icon={<RefreshCw size={14} />}
              loading={refresh.isFetching && !refresh.isFetchingNextPage}
              onClick={() => void refresh.refetch()}
              data-testid="admin-refresh"
            >
              {t('adminToolbar.refresh')}
            </Button>
          )}
          {csv && (
            <Button
              size="sm"
              variant="secondary"
              icon={<Download size={14} />}
              disabled={csv.count === 0}
              onClick={csv.onExport}
              data-testid={csv.testId}
            >
              {t('adminToolbar.export')}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
