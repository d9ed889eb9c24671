/**
 * Back office: the mail outbox (issue G8 item 8, permission `dashboard`). Staff and developers read the
 * mails the platform sent: search by recipient or subject, failed ones only, older pages, CSV export
 * of what is loaded. A mail opens beside the list (below it on a phone): its links as buttons (the
 * verification link of a development sign-up is one click), the HTML in a sandboxed frame that runs
 * no script, and the text version.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { OutboxMail, outboxEndpoint } from '@nebula/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, ExternalLink, Inbox } from 'lucide-react';
import clsx from 'clsx';
import { EmptyState, Tabs } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading, LoadOlder } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';

const outboxRef = endpointRef<typeof outboxEndpoint>('POST', '/api/admin/outbox');

/** The http(s) links of a mail's HTML, in order, each once. */
export function mailLinks(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const links = [...doc.querySelectorAll('a[href]')]
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) => /^https?:\/\//i.test(href));
  return [...new Set(links)];
}

function MailViewer({ mail, onBack }: { mail: OutboxMail; onBack: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'html' | 'text'>('html');
  const links = useMemo(() => mailLinks(mail.html), [mail.html]);
  return (
    <article className="al-mail" data-testid="outbox-mail" data-id={mail.id}>
      <button type="button" className="al-mail__back" onClick={onBack}>
        <ArrowLeft size={14} aria-hidden="true" /> {t('adminOutbox.back')}
      </button>
      <header className="al-mail__head">
        <h2 className="al-mail__subject">{mail.subject}</h2>
        <dl className="al-mail__meta">
          <div>
            <dt>{t('adminOutbox.to')}</dt>
            <dd>{mail.to}</dd>
          </div>
          <div>
            <dt>{t('adminOutbox.sent')}</dt>
            <dd>{formatAdminDate(mail.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('adminOutbox.columns.via')}</dt>
            <dd>
              <span className={clsx('pg-tag', `al-via--${mail.sentVia}`)}>
                {t(`adminOutbox.via.${mail.sentVia}`)}
              </span>
            </dd>
          </div>
        </dl>
        {mail.error && (
          <p className="al-mail__error" role="alert">
            <AlertTriangle size={14} aria-hidden="true" /> {mail.error}
          </p>
        )}
      </header>
      {links.length > 0 && (
        <section className="al-mail__links" aria-label={t('adminOutbox.links')}>
          <h3>{t('adminOutbox.links')}</h3>
          <ul>
            {links.map((href) => (
              <li key={href}>
                <code title={href}>{href}</code>
                <a
                  className="ui-btn ui-btn--secondary ui-btn--sm"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="outbox-link"
                >
                  <span className="ui-btn__content">
                    <span className="ui-btn__icon">
                      <ExternalLink size={14} aria-hidden="true" />
                    </span>
                    <span className="ui-btn__label">{t('adminOutbox.openLink')}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Tabs<'html' | 'text'>
        value={view}
        onChange={setView}
        size="sm"
        aria-label={mail.subject}
        tabs={[
          { id: 'html', label: t('adminOutbox.html') },
          { id: 'text', label: t('adminOutbox.text') },
        ]}
      />
      {view === 'html' ? (
        // No script runs in the mail; its links open in a new tab.
        <iframe
          className="al-mail__frame"
          title={mail.subject}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={`<base target="_blank">${mail.html}`}
          data-testid="outbox-mail-html"
        />
      ) : (
        <pre className="al-mail__text">{mail.text}</pre>
      )}
    </article>
  );
}

export function AdminOutboxPage() {
  const { t } = useTranslation();
  const title = t('adminOutbox.title');
  const [search, setSearch] = useState('');
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const term = useDeferredValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'outbox', term, failed] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        outboxRef,
        {
          ...(term ? { search: term } : {}),
          ...(failed ? { failed } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: 15_000,
  });
  const mails = useMemo(() => query.data?.pages.flatMap((page) => page.mails) ?? [], [query.data]);
  // On a wide screen the newest mail is open until another is chosen, so the reader is never empty.
  const [wide] = useState(() => window.matchMedia('(min-width: 1100px)').matches);
  const openId = selected ?? (wide ? (mails[0]?.id ?? null) : null);
  const open = mails.find((mail) => mail.id === openId) ?? null;

  const exportCsv = () => {
    const c = (key: string) => t(`adminOutbox.columns.${key}`);
    downloadCsv(
      'outbox',
      toCsv(
        [c('id'), c('sent'), c('to'), c('subject'), c('via'), c('error')],
        mails.map((m) => [m.id, m.createdAt, m.to, m.subject, m.sentVia, m.error]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminOutbox.intro')}</p>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminOutbox.search'),
          testId: 'outbox-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: mails.length, testId: 'outbox-export' }}
      >
        <label className="al-check">
          <input type="checkbox" checked={failed} onChange={(event) => setFailed(event.target.checked)} />
          {t('adminOutbox.failedOnly')}
        </label>
      </AdminToolbar>
      {query.isPending ? (
        <AdminLoading rows={6} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminOutbox.loadFailed')} />
      ) : mails.length === 0 ? (
        <EmptyState
          icon={<Inbox size={28} />}
          title={t(term || failed ? 'adminOutbox.noMatch' : 'adminOutbox.empty')}
          text={term || failed ? undefined : t('adminOutbox.emptyText')}
        />
      ) : (
        <div className={clsx('al-split', open && 'has-open')}>
          <div className="al-list">
            <ul className="al-mails" data-testid="outbox-list">
              {mails.map((mail) => (
                <li key={mail.id}>
                  <button
                    type="button"
                    className={clsx('al-mails__item', mail.id === openId && 'is-active')}
                    onClick={() => setSelected(mail.id)}
                    aria-current={mail.id === openId ? 'true' : undefined}
                    data-testid="outbox-item"
                  >
                    <span className="al-mails__subject">{mail.subject}</span>
                    <span className="al-mails__to">{mail.to}</span>
                    <span className="al-mails__meta">
                      {formatAdminDate(mail.createdAt)}
                      {mail.error && (
                        <span className="pg-tag al-failed">
                          <AlertTriangle size={12} aria-hidden="true" /> {t('adminOutbox.failed')}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <LoadOlder query={query} label={t('adminOutbox.older')} />
          </div>
          <div className="al-reader">
            {open ? (
              <MailViewer key={open.id} mail={open} onBack={() => setSelected(null)} />
            ) : (
              <EmptyState icon={<Inbox size={28} />} title={t('adminOutbox.select')} />
            )}
          </div>
        </div>
      )}
    </AdminLayout>
  );
}
