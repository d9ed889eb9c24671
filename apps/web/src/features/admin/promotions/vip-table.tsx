/**
 * The VIP level table (`vip.levels`) as an editable grid: the table in force is the stored rows laid
 * over the defaults field by field (the figures call answers the defaults); a save stores only the cells
 * that differ from their default, so a later default still applies to the others. The VIP tab shows
 * every column; the faucet, rakeback and wheel tabs show theirs.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { AdminVipLevel, SettingEntry } from '@nebula/contracts';
import { Download, RotateCcw, Save } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../../ui';
import { useTranslation } from '../../../lib/i18n';
import { downloadCsv, toCsv } from '../csv';
import { ReadOnlyNote, useSaveSetting } from './promotions-shared';

export type VipField = Exclude<keyof AdminVipLevel, 'level'>;

export const VIP_FIELDS: readonly VipField[] = [
  'name',
  'depositRequirement',
  'wagerRequirement',
  'levelUpBonus',
  'bonusWheelMaxReward',
  'rakebackPercent',
  'faucetMax',
  'withdrawFeePercent',
  'withdrawMinUsd',
  'withdrawMaxUsd',
  'withdrawPerDay',
];

const USD = /^\d{1,12}(\.\d{1,2})?$/;
const PERCENT = /^(\d{1,2}(\.\d{1,4})?|100)$/;

/** Whether `value` (as typed) fits `field` of a level row. */
export function validCell(field: VipField, value: string): boolean {
  if (field === 'name') return value.trim().length >= 1 && value.trim().length <= 40;
  if (field === 'withdrawPerDay') return /^\d{1,4}$/.test(value) && +value >= 1 && +value <= 1000;
  if (field === 'rakebackPercent' || field === 'withdrawFeePercent') return PERCENT.test(value);
  return USD.test(value);
}

type Grid = Record<VipField, string>[];

/** The table in force: `stored` (rows of a level and some fields) over `defaults`. */
export function mergeLevels(defaults: readonly AdminVipLevel[], stored: unknown): Grid {
  const rows = Array.isArray(stored) ? (stored as Partial<AdminVipLevel>[]) : [];
  return defaults.map((d) => {
    const over = rows.find((r) => r.level === d.level) ?? {};
    return Object.fromEntries(
      VIP_FIELDS.map((f) => [f, String((over as Record<string, unknown>)[f] ?? d[f])]),
    ) as Record<VipField, string>;
  });
}

/** What to store for `grid`: per level, the fields that differ from the default (levels without any left out). */
export function storedLevels(defaults: readonly AdminVipLevel[], grid: Grid): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  defaults.forEach((d, i) => {
    const row = grid[i]!;
    const changed: Record<string, unknown> = {};
    for (const f of VIP_FIELDS) {
      if (row[f] === String(d[f])) continue;
      changed[f] = f === 'withdrawPerDay' ? Number(row[f]) : f === 'name' ? row[f].trim() : row[f];
    }
    if (Object.keys(changed).length > 0) out.push({ level: d.level, ...changed });
  });
  return out;
}

export function VipTable({
  entry,
  defaults,
  columns,
  extra,
  testId = 'vip-table',
}: {
  /** The `vip.levels` entry; undefined when the caller may not change it (shown read only). */
  entry: SettingEntry | undefined;
  defaults: readonly AdminVipLevel[];
  columns: readonly VipField[];
  /** Columns computed from a row, after the editable ones. */
  extra?: { label: string; cell: (row: Record<VipField, string>, level: number) => ReactNode }[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const inForce = useMemo(() => mergeLevels(defaults, entry?.value), [defaults, entry?.value]);
  const [draft, setDraft] = useState<Grid | null>(null);
  const [error, setError] = useState<string | null>(null);
  const grid = draft ?? inForce;
  const save = useSaveSetting('vip.levels', setError);
  const editable = !!entry;
  const bad = grid.flatMap((row, level) =>
    columns.filter((f) => !validCell(f, row[f])).map((f) => ({ level, field: f })),
  );
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(inForce);

  const setCell = (level: number, field: VipField, value: string) => {
    setError(null);
    setDraft(grid.map((row, i) => (i === level ? { ...row, [field]: value } : row)));
  };
  const exportCsv = () =>
    downloadCsv(
      'vip-levels.csv',
      toCsv(
        ['level', ...VIP_FIELDS],
        grid.map((row, level) => [level, ...VIP_FIELDS.map((f) => row[f])]),
      ),
    );

  return (
    <div className="apr-grid-card" data-testid={testId}>
      {!editable && <ReadOnlyNote permission="vip" />}
      <div className="apr-grid-scroll">
        <table className="apr-grid">
          <thead>
            <tr>
              <th scope="col">{t('adminPromotions.vip.columns.level')}</th>
              {columns.map((f) => (
                <th key={f} scope="col">
                  {t(`adminPromotions.vip.columns.${f}`)}
                </th>
              ))}
              {extra?.map((x) => (
                <th key={x.label} scope="col">
                  {x.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, level) => (
              <tr key={level}>
                <th scope="row" className="apr-grid__level">
                  {level}
                </th>
                {columns.map((f) => {
                  const isDefault = row[f] === String(defaults[level]?.[f]);
                  const invalid = !validCell(f, row[f]);
                  return (
                    <td key={f}>
                      <input
                        className={clsx(
                          'apr-cell',
                          f === 'name' && 'apr-cell--name',
                          !isDefault && 'is-changed',
                        )}
                        value={row[f]}
                        readOnly={!editable}
                        inputMode={f === 'name' ? 'text' : 'decimal'}
                        aria-label={`${t(`adminPromotions.vip.columns.${f}`)} ${level}`}
                        aria-invalid={invalid || undefined}
                        onChange={(event) => setCell(level, f, event.target.value)}
                        data-testid={`vip-cell-${level}-${f}`}
                      />
                    </td>
                  );
                })}
                {extra?.map((x) => (
                  <td key={x.label} className="apr-grid__extra">
                    {x.cell(row, level)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bad.length > 0 && (
        <p className="apr-error" role="alert">
          {t('adminPromotions.vip.badCell', {
            level: bad[0]!.level,
            field: t(`adminPromotions.vip.columns.${bad[0]!.field}`),
          })}
        </p>
      )}
      {error && (
        <p className="apr-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
      <footer className="apr-actions">
        <Button variant="ghost" size="sm" icon={<Download size={14} />} onClick={exportCsv}>
          CSV
        </Button>
        {editable && (
          <>
            <Button
              variant="ghost"
              size="sm"
              icon={<RotateCcw size={14} />}
              disabled={!changed}
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              {t('adminPromotions.revert')}
            </Button>
            <Button
              size="sm"
              icon={<Save size={14} />}
              disabled={!changed || bad.length > 0}
              loading={save.isPending}
              onClick={() => save.mutate(storedLevels(defaults, grid), { onSuccess: () => setDraft(null) })}
              data-testid={`${testId}-save`}
            >
              {t('adminPromotions.save')}
            </Button>
          </>
        )}
      </footer>
    </div>
  );
}
