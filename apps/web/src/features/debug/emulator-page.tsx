import { useRef, useState } from 'react';
import { Bug, CheckCircle2, XCircle } from 'lucide-react';
import { SLOT_EMULATOR_SCENARIOS, type SlotEmulatorScenario } from '@nebula/contracts/constants';
import type { slotEmulatorEndpoint } from '@nebula/contracts';
import { Button } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import './emulator-page.css';

const scenarioRef = endpointRef<typeof slotEmulatorEndpoint>('POST', '/api/debug/slotegrator/scenario');
type Run = Awaited<ReturnType<typeof api<typeof slotEmulatorEndpoint>>>;
type Entry = { id: number; scenario: SlotEmulatorScenario } & (
  { status: 'running' } | { status: 'done'; run: Run } | { status: 'failed'; message: string }
);

/**
 * /debugger/emulator/slotegrator (development and staff only, no shell): each scenario button fires
 * signed aggregator callbacks at this platform's callback endpoint as the signed-in staff member, in a
 * new session of a hosted game, and the log shows each request and answer, marked when the answer is
 * the one the protocol requires.
 */
export function SlotegratorEmulatorPage() {
  const { t } = useTranslation();
  const selected = useAppStore((s) => s.currency);
  const [currency, setCurrency] = useState(selected);
  const [game, setGame] = useState('');
  const [log, setLog] = useState<Entry[]>([]);
  const runs = useRef(0);
  const busy = log.some((e) => e.status === 'running');

  const run = async (scenario: SlotEmulatorScenario) => {
    const id = ++runs.current;
    setLog((l) => [{ id, scenario, status: 'running' }, ...l]);
    const done = (entry: Entry) => setLog((l) => l.map((e) => (e.id === id ? entry : e)));
    try {
      const result = await api(scenarioRef, {
        scenario,
        currency: currency.trim() || 'usdt',
        ...(game.trim() ? { game: game.trim() } : {}),
      });
      done({ id, scenario, status: 'done', run: result });
    } catch (err) {
      done({ id, scenario, status: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <main className="emu">
      <title>{t('app.debug.title')}</title>
      <div className="emu__inner pg-stack">
        <header className="pg-row">
          <span className="pg-card__icon">
            <Bug size={20} aria-hidden="true" />
          </span>
          <div>
            <h1 className="emu__title">{t('app.debug.title')}</h1>
            <p className="pg-card__meta">{t('app.debug.subtitle')}</p>
          </div>
        </header>
        <section className="pg-card pg-form">
          <p className="pg-card__meta">{t('app.debug.staffOnly')}</p>
          <div className="emu__fields">
            <label className="pg-field">
              <span>{t('app.debug.game')}</span>
              <input
                type="text"
                value={game}
                onChange={(e) => setGame(e.target.value)}
                placeholder={t('app.debug.gameHint')}
              />
            </label>
            <label className="pg-field">
              <span>{t('app.debug.currency')}</span>
              <input type="text" value={currency} onChange={(e) => setCurrency(e.target.value)} />
            </label>
          </div>
          <h2 className="pg-card__title">{t('app.debug.scenarios')}</h2>
          <div className="emu__buttons">
            {SLOT_EMULATOR_SCENARIOS.map((s) => (
              <Button key={s} variant="secondary" size="sm" disabled={busy} onClick={() => void run(s)}>
                {t(`app.debug.scenario.${s}`)}
              </Button>
            ))}
          </div>
        </section>
        <section className="pg-card">
          <h2 className="pg-card__title">{t('app.debug.log')}</h2>
          {log.length === 0 ? (
            <p className="emu__empty">{t('app.debug.empty')}</p>
          ) : (
            <ol className="emu__log">
              {log.map((e) => (
                <li key={e.id} className="emu__run" data-testid="emulator-run" data-scenario={e.scenario}>
                  <h3>{t(`app.debug.scenario.${e.scenario}`)}</h3>
                  {e.status === 'running' && <p className="emu__empty">{t('app.debug.running')}</p>}
                  {e.status === 'failed' && (
                    <p className="emu__bad">{t('app.debug.failed', { message: e.message })}</p>
                  )}
                  {e.status === 'done' && (
                    <>
                      <p className="pg-card__meta">
                        {t('app.debug.balance', {
                          before: e.run.balanceBefore,
                          after: e.run.balanceAfter,
                          currency: e.run.currency.toUpperCase(),
                        })}
                      </p>
                      {e.run.short && (
                        <p className="emu__bad">
                          {t('app.debug.lowBalance', {
                            needs: e.run.needs,
                            currency: e.run.currency.toUpperCase(),
                          })}
                        </p>
                      )}
                      <ul className="emu__steps">
                        {e.run.steps.map((step, i) => (
                          <li
                            key={i}
                            className={step.expected ? 'is-ok' : 'is-bad'}
                            data-testid="emulator-step"
                            data-expected={step.expected ? 'true' : 'false'}
                          >
                            <div className="emu__step-head">
                              {step.expected ? (
                                <CheckCircle2 size={16} aria-label={t('app.debug.expected')} />
                              ) : (
                                <XCircle size={16} aria-label={t('app.debug.unexpected')} />
                              )}
                              <code>{step.action}</code>
                              <span>{step.note}</span>
                            </div>
                            <div className="emu__step-body">
                              <span className="emu__expect">{step.expectation}</span>
                              <pre className="pg-mono">
                                HTTP {step.status} {JSON.stringify(step.answer)}
                              </pre>
                            </div>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </main>
  );
}
