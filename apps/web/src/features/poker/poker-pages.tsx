import { Link, useParams } from 'react-router';
import { Info, Spade, Swords, Users } from 'lucide-react';
import { EmptyState, PageFrame } from '../../ui';
import { useTranslation } from '../../lib/i18n';

function Note({ children }: { children: React.ReactNode }) {
  return (
    <p className="pg-note">
      <Info size={16} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

function TableList() {
  const { t } = useTranslation();
  return (
    <div className="pg-table-wrap">
      <table className="pg-table">
        <thead>
          <tr>
            <th>{t('app.poker.table')}</th>
            <th>{t('app.poker.stakes')}</th>
            <th>{t('app.poker.players')}</th>
          </tr>
        </thead>
        <tbody>
          {/* No poker server is connected yet: the list says so instead of placeholder rows. */}
          <tr>
            <td colSpan={3}>
              <EmptyState title={t('errors.noData')} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function PokerPage() {
  const { t } = useTranslation();
  const title = t('nav.poker');
  return (
    <PageFrame title={title} subtitle={t('app.poker.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <section className="pg-hero">
          <h2 className="pg-row">
            <Spade size={22} aria-hidden="true" /> {t('app.poker.heading')}
          </h2>
          <p>{t('app.poker.text')}</p>
        </section>
        <TableList />
        <Note>{t('app.poker.note')}</Note>
      </div>
    </PageFrame>
  );
}

export function PvpPage() {
  const { t } = useTranslation();
  const title = t('nav.pvp');
  return (
    <PageFrame title={title} subtitle={t('app.pvp.subtitle')} breadcrumbs={[{ label: title }]}>
      <div className="pg-stack">
        <div className="pg-grid">
          {Array.from({ length: 6 }, (_, index) => (
            <Link
              key={index}
              to={`/pvp/pool/${index + 1}`}
              className="pg-card pg-card--flat"
              aria-label={t('app.pvp.pool', { id: index + 1 })}
            >
              <div className="pg-card__head">
                <span className="pg-card__icon">
                  <Swords size={18} />
                </span>
                <h2 className="pg-card__title">{t('app.pvp.pool', { id: index + 1 })}</h2>
              </div>
              <p className="pg-card__text">{t('errors.noData')}</p>
            </Link>
          ))}
        </div>
        <Note>{t('app.poker.note')}</Note>
      </div>
    </PageFrame>
  );
}

export function PvpPoolPage() {
  const { t } = useTranslation();
  const { poolId = '' } = useParams();
  const title = t('app.pvp.pool', { id: poolId });
  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('nav.pvp'), to: '/pvp' }, { label: title }]}>
      <div className="pg-stack">
        <section className="pg-card">
          <div className="pg-card__head">
            <span className="pg-card__icon">
              <Users size={18} />
            </span>
            <h2 className="pg-card__title">{t('app.poker.players')}</h2>
          </div>
          <EmptyState title={t('errors.noData')} />
        </section>
        <Note>{t('app.poker.note')}</Note>
      </div>
    </PageFrame>
  );
}
