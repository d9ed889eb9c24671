import { Bug } from 'lucide-react';
import { Button } from '../../ui';
import { useTranslation } from '../../lib/i18n';

/** /debugger/emulator/slotegrator: a developer tool that replays aggregator callbacks (no shell). */
export function SlotegratorEmulatorPage() {
  const { t } = useTranslation();
  const actions = ['balance', 'bet', 'win', 'refund', 'rollback'] as const;
  return (
    <main style={{ minHeight: '100dvh', padding: 'var(--space-5)', background: 'var(--bg-page)' }}>
      <title>{t('app.debug.title')}</title>
      <div style={{ maxWidth: 720, margin: '0 auto' }} className="pg-stack">
        <header className="pg-row">
          <span className="pg-card__icon">
            <Bug size={20} aria-hidden="true" />
          </span>
          <div>
            <h1 style={{ fontSize: 'var(--fs-xl)' }}>{t('app.debug.title')}</h1>
            <p className="pg-card__meta">{t('app.debug.subtitle')}</p>
          </div>
        </header>
        <section className="pg-card pg-form">
          <label className="pg-field">
            <span>{t('app.debug.player')}</span>
            <input type="text" disabled placeholder="player" />
          </label>
          <label className="pg-field">
            <span>{t('app.debug.game')}</span>
            <input type="text" disabled placeholder="provider:game" />
          </label>
          <div className="pg-row">
            {actions.map((action) => (
              <Button key={action} variant="secondary" size="sm" disabled>
                {action}
              </Button>
            ))}
          </div>
        </section>
        <section className="pg-card">
          <h2 className="pg-card__title">{t('app.debug.log')}</h2>
          <pre
            className="pg-mono"
            style={{ color: 'var(--text-dim)', fontSize: 'var(--fs-xs)', whiteSpace: 'pre-wrap' }}
          >
            {t('app.debug.empty')}
          </pre>
        </section>
      </div>
    </main>
  );
}
