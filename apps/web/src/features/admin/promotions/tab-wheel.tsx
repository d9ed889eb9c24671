/**
 * The bonus wheel tab: the six prizes with their weights and the chances players are shown (weight over
 * the sum, live as one types), checked before saving (whole weights 0 to the maximum, at least one
 * above 0, USD amounts); the VIP cap of each level; the wheel's other settings; tickets outstanding and
 * the recent spins beside them.
 */
import { useState } from 'react';
import type { AdminPromotions, SettingEntry } from '@nebula/contracts';
import { BONUS_WHEEL_MAX_WEIGHT } from '@nebula/games';
import { RotateCcw, Save } from 'lucide-react';
import { Button } from '../../../ui';
import { useTranslation } from '../../../lib/i18n';
import { Figures, ReadOnlyNote, SettingCards, usd, useSaveSetting } from './promotions-shared';
import { VipTable } from './vip-table';

interface Prize {
  usd: string;
  weight: string;
}

const USD = /^\d{1,9}(\.\d{1,2})?$/;

/** Each prize's chance in percent (2 places), or null while the weights are not valid. */
export function chances(prizes: readonly Prize[]): number[] | null {
  const weights = prizes.map((p) => (/^\d{1,7}$/.test(p.weight) ? Number(p.weight) : NaN));
  if (weights.some((w) => !Number.isInteger(w) || w < 0 || w > BONUS_WHEEL_MAX_WEIGHT)) return null;
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return null;
  return weights.map((w) => (w * 100) / sum);
}

/** The first problem of `prizes`, as a text key with its values; null when they can be saved. */
export function prizeProblem(
  prizes: readonly Prize[],
): { key: string; values?: Record<string, unknown> } | null {
  if (prizes.some((p) => !/^\d{1,7}$/.test(p.weight) || Number(p.weight) > BONUS_WHEEL_MAX_WEIGHT))
    return { key: 'adminPromotions.wheel.badWeight', values: { max: BONUS_WHEEL_MAX_WEIGHT } };
  if (prizes.every((p) => Number(p.weight) === 0)) return { key: 'adminPromotions.wheel.allZero' };
  if (prizes.some((p) => !USD.test(p.usd))) return { key: 'adminPromotions.wheel.badUsd' };
  return null;
}

function PrizeEditor({ entry }: { entry: SettingEntry }) {
  const { t } = useTranslation();
  const inForce = (entry.value as { usd: string; weight: number }[]).map((p) => ({
    usd: p.usd,
    weight: String(p.weight),
  }));
  const [draft, setDraft] = useState<Prize[]>(inForce);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSetting('wheel.prizes', setError);
  const odds = chances(draft);
  const problem = prizeProblem(draft);
  const changed = JSON.stringify(draft) !== JSON.stringify(inForce);
  const mean =
    odds && !problem ? draft.reduce((s, p, i) => s + (Number(p.usd) * odds[i]!) / 100, 0).toFixed(2) : null;
  const set = (i: number, field: keyof Prize, value: string) => {
    setError(null);
    setDraft(draft.map((p, j) => (j === i ? { ...p, [field]: value } : p)));
  };

  return (
    <section className="pg-card apr-card" data-testid="wheel-prizes">
      <h2 className="pg-card__title">{t('adminPromotions.wheel.title')}</h2>
      <p className="apr-hint">{t('adminPromotions.wheel.hint')}</p>
      <table className="apr-grid apr-prizes">
        <thead>
          <tr>
            <th scope="col">{t('adminPromotions.wheel.prize')}</th>
            <th scope="col">{t('adminPromotions.wheel.usd')}</th>
            <th scope="col">{t('adminPromotions.wheel.weight')}</th>
            <th scope="col" className="apr-prizes__chance">
              {t('adminPromotions.wheel.chance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.map((prize, i) => {
            const chance = odds?.[i];
            return (
              <tr key={i}>
                <th scope="row" className="apr-grid__level">
                  {i + 1}
                </th>
                <td>
                  <input
                    className="apr-cell"
                    value={prize.usd}
                    inputMode="decimal"
                    aria-label={`${t('adminPromotions.wheel.usd')} ${i + 1}`}
                    aria-invalid={!USD.test(prize.usd) || undefined}
                    onChange={(event) => set(i, 'usd', event.target.value)}
                    data-testid={`wheel-usd-${i}`}
                  />
                </td>
                <td>
                  <input
                    className="apr-cell"
                    value={prize.weight}
                    inputMode="numeric"
                    aria-label={`${t('adminPromotions.wheel.weight')} ${i + 1}`}
                    aria-invalid={!/^\d{1,7}$/.test(prize.weight) || undefined}
                    onChange={(event) => set(i, 'weight', event.target.value)}
                    data-testid={`wheel-weight-${i}`}
                  />
                </td>
                <td className="apr-prizes__chance">
                  <div className="apr-chance">
                    <span className="apr-bar" aria-hidden="true">
                      <span style={{ width: `${chance ?? 0}%` }} />
                    </span>
                    <span className="apr-pct" data-testid={`wheel-chance-${i}`}>
                      {chance === undefined
                        ? '–'
                        : chance === 0
                          ? t('adminPromotions.wheel.zero')
                          : `${chance.toFixed(2)}%`}
                    </span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {mean && <p className="apr-hint">{t('adminPromotions.wheel.mean', { mean })}</p>}
      {problem && (
        <p className="apr-error" role="alert" data-testid="wheel-problem">
          {t(problem.key, problem.values)}
        </p>
      )}
      {error && (
        <p className="apr-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
      <footer className="apr-actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw size={14} />}
          disabled={!changed}
          onClick={() => setDraft(inForce)}
        >
          {t('adminPromotions.revert')}
        </Button>
        <Button
          size="sm"
          icon={<Save size={14} />}
          disabled={!changed || !!problem}
          loading={save.isPending}
          onClick={() => save.mutate(draft.map((p) => ({ usd: p.usd, weight: Number(p.weight) })))}
          data-testid="wheel-save"
        >
          {t('adminPromotions.save')}
        </Button>
      </footer>
    </section>
  );
}

export function WheelTab({
  settings,
  figures,
}: {
  settings: readonly SettingEntry[];
  figures: AdminPromotions | undefined;
}) {
  const { t } = useTranslation();
  const prizes = settings.find((s) => s.key === 'wheel.prizes');
  return (
    <>
      <Figures
        figures={figures}
        pick={(f, hint) => [
          {
            label: t('adminPromotions.figures.tickets'),
            value: f.wheel.ticketsOutstanding.toLocaleString('en-US'),
          },
          { label: t('adminPromotions.figures.spins'), value: f.wheel.spins.toLocaleString('en-US'), hint },
          { label: t('adminPromotions.figures.wheelPaid'), value: usd(f.wheel.paidUsd), hint },
        ]}
      />
      <div className="apr-two">
        {prizes ? (
          <PrizeEditor key={JSON.stringify(prizes.value)} entry={prizes} />
        ) : (
          <ReadOnlyNote permission="promocodes" />
        )}
        {figures && (
          <section className="pg-card apr-card">
            <h2 className="pg-card__title">{t('adminPromotions.wheel.caps')}</h2>
            <VipTable
              entry={settings.find((s) => s.key === 'vip.levels')}
              defaults={figures.vipDefaults}
              columns={['name', 'bonusWheelMaxReward']}
              testId="wheel-caps"
            />
          </section>
        )}
      </div>
      <h2 className="apr-section">{t('adminPromotions.wheel.more')}</h2>
      <SettingCards
        settings={settings}
        keys={[
          'wheel.registration_tickets',
          'wheel.wagering_multiplier',
          'wheel.expiry_days',
          'wheel.currency',
        ]}
        permission="promocodes"
      />
    </>
  );
}
