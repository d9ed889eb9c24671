import { type ReactNode, useRef, useState } from 'react';
import { Bug, CheckCircle2, XCircle } from 'lucide-react';
import type { EmulatorStep } from '@nebula/contracts';
import { Button } from '../../ui';
import { useTranslation } from '../../lib/i18n';
import './emulator-page.css';

/** What one scenario of a development emulator did (the aggregator's or the sportsbook's). */
export interface EmulatorRun {
  currency: string;
  steps: EmulatorStep[];
  balanceBefore: string;
  balanceAfter: string;
  needs: string;
  short: boolean;
  /** What the scenario played on (the sportsbook's event and outcome), if it says. */
  context?: string;
}

type Entry<S extends string> = { id: number; scenario: S } & (
  { status: 'running' } | { status: 'done'; run: EmulatorRun } | { status: 'failed'; message: string }
);

/**
 * The page of a development emulator (no shell, staff only): its fields, a button per scenario, and the
 * log of the runs, newest first: each step's request, how it was signed, the answer (marked when it is
 * the one the protocol requires) and the balance it left.
 */
export function EmulatorPage<S extends string>(props: {
  title: string;
  subtitle: string;
  note: string;
  fields: ReactNode;
  scenarios: readonly S[];
  label: (scenario: S) => string;
  run: (scenario: S) => Promise<EmulatorRun>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [log, setLog] = useState<Entry<S>[]>([]);
  const runs = useRef(0);
  const busy = log.some((e) => e.status === 'running');

  const run = async (scenario: S) => {
    const id = ++runs.current;
    setLog((l) => [{ id, scenario, status: 'running' }, ...l]);
    const done = (entry: Entry<S>) => setLog((l) => l.map((e) => (e.id === id ? entry : e)));
    try {
      done({ id, scenario, status: 'done', run: await props.run(scenario) });
    } catch (err) {
      done({ id, scenario, status: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <main className="emu" data-testid={props.testId}>
      <title>{props.title}</title>
      <div className="emu__inner pg-stack">
        <header className="pg-row">
          <span className="pg-card__icon">
            <Bug size={20} aria-hidden="true" />
          </span>
          <div>
            <h1 className="emu__title">{props.title}</h1>
            <p className="pg-card__meta">{props.subtitle}</p>
          </div>
        </header>
        <section className="pg-card pg-form">
          <p className="pg-card__meta">{props.note}</p>
          <div className="emu__fields">{props.fields}</div>
          <h2 className="pg-card__title">{t('app.debug.scenarios')}</h2>
          <div className="emu__buttons">
            {props.scenarios.map((s) => (
              <Button key={s} variant="secondary" size="sm" disabled={busy} onClick={() => void run(s)}>
                {props.label(s)}
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
                  <h3>{props.label(e.scenario)}</h3>
                  {e.status === 'running' && <p className="emu__empty">{t('app.debug.running')}</p>}
                  {e.status === 'failed' && (
                    <p className="emu__bad">{t('app.debug.failed', { message: e.message })}</p>
                  )}
                  {e.status === 'done' && <RunView run={e.run} />}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </main>
  );
}

function RunView({ run }: { run: EmulatorRun }) {
  const { t } = useTranslation();
  const currency = run.currency.toUpperCase();
  return (
    <>
      <p className="pg-card__meta" data-testid="emulator-balance">
        {t('app.debug.balance', { before: run.balanceBefore, after: run.balanceAfter, currency })}
        {run.context ? ` · ${run.context}` : ''}
      </p>
      {run.short && <p className="emu__bad">{t('app.debug.lowBalance', { needs: run.needs, currency })}</p>}
      <ul className="emu__steps">
        {run.steps.map((step, i) => (
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
              {step.change !== undefined && (
                <span
                  className={`emu__change${step.change.startsWith('-') ? ' is-down' : step.change === '0' ? '' : ' is-up'}`}
                  data-testid="emulator-change"
                >
                  {step.change.startsWith('-') || step.change === '0' ? step.change : `+${step.change}`}{' '}
                  {currency}
                </span>
              )}
            </div>
            <div className="emu__step-body">
              <span className="emu__expect">{step.expectation}</span>
              <details className="emu__request">
                <summary>
                  {t('app.debug.request')}
                  {step.signing ? ` · ${step.signing}` : ''}
                </summary>
                <pre className="pg-mono">{JSON.stringify(step.params, null, 2)}</pre>
              </details>
              <pre className="pg-mono" data-testid="emulator-answer">
                HTTP {step.status} {JSON.stringify(step.answer)}
              </pre>
              {step.balance !== undefined && (
                <span className="emu__after">
                  {t('app.debug.balanceAfter', { balance: step.balance, currency })}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
