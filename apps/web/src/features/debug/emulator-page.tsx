import { useState } from 'react';
import {
  SLOT_EMULATOR_SCENARIOS,
  SPORTSBOOK_EMULATOR_SCENARIOS,
  type SlotEmulatorScenario,
  type SportsbookEmulatorScenario,
} from '@nebula/contracts/constants';
import type { slotEmulatorEndpoint, sportsbookEmulatorEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { EmulatorPage } from './emulator-log';

const slotScenarioRef = endpointRef<typeof slotEmulatorEndpoint>('POST', '/api/debug/slotegrator/scenario');
const sportsbookScenarioRef = endpointRef<typeof sportsbookEmulatorEndpoint>(
  'POST',
  '/api/debug/sportsbook/scenario',
);

function CurrencyField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="pg-field">
      <span>{t('app.debug.currency')}</span>
      <input type="text" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

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
  return (
    <EmulatorPage<SlotEmulatorScenario>
      testId="slotegrator-emulator"
      title={t('app.debug.title')}
      subtitle={t('app.debug.subtitle')}
      note={t('app.debug.staffOnly')}
      scenarios={SLOT_EMULATOR_SCENARIOS}
      label={(s) => t(`app.debug.scenario.${s}`)}
      run={(scenario) =>
        api(slotScenarioRef, {
          scenario,
          currency: currency.trim() || 'usdt',
          ...(game.trim() ? { game: game.trim() } : {}),
        })
      }
      fields={
        <>
          <label className="pg-field">
            <span>{t('app.debug.game')}</span>
            <input
              type="text"
              value={game}
              onChange={(e) => setGame(e.target.value)}
              placeholder={t('app.debug.gameHint')}
            />
          </label>
          <CurrencyField value={currency} onChange={setCurrency} />
        </>
      }
    />
  );
}

/**
 * /debugger/emulator/sportsbook (development and staff only, no shell; decision 0034): each scenario
 * button fires the external sportsbook's wallet calls (`bet/make` ... `bet/rollback`), signed ES256 by
 * the local sportsbook's key, at this platform's wallet endpoint as the signed-in staff member, and the
 * log shows each request, the wallet's answer and the balance change.
 */
export function SportsbookEmulatorPage() {
  const { t } = useTranslation();
  const selected = useAppStore((s) => s.currency);
  const [currency, setCurrency] = useState(selected);
  return (
    <EmulatorPage<SportsbookEmulatorScenario>
      testId="sportsbook-emulator"
      title={t('app.debug.sportsbookTitle')}
      subtitle={t('app.debug.sportsbookSubtitle')}
      note={t('app.debug.sportsbookStaffOnly')}
      scenarios={SPORTSBOOK_EMULATOR_SCENARIOS}
      label={(s) => t(`app.debug.sportsbookScenario.${s}`)}
      run={async (scenario) => {
        const run = await api(sportsbookScenarioRef, { scenario, currency: currency.trim() || 'usdt' });
        return { ...run, context: run.event };
      }}
      fields={<CurrencyField value={currency} onChange={setCurrency} />}
    />
  );
}
