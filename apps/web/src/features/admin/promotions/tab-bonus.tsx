/**
 * The deposit bonus tab: the deposit promotions players opt in to (`bonus.deposit_promotions`) as one
 * card each (name, text, percent of the deposit, largest bonus, smallest deposit, wagering, expiry,
 * on/off; add and remove), the wagering weights and the code limits as generic forms, and the bonus
 * money credited and converted beside them.
 */
import { useState } from 'react';
import type { AdminPromotions, SettingEntry } from '@nebula/contracts';
import { Plus, RotateCcw, Save, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../../ui';
import { useTranslation } from '../../../lib/i18n';
import { Figures, ReadOnlyNote, SettingCards, usd, useSaveSetting } from './promotions-shared';

interface Promotion {
  id: string;
  name: string;
  description: string;
  percent: number;
  max: string;
  minDeposit: string;
  multiplier: number;
  expiryDays: number;
  enabled: boolean;
}

const FRESH: Promotion = {
  id: '',
  name: '',
  description: '',
  percent: 100,
  max: '100',
  minDeposit: '10',
  multiplier: 10,
  expiryDays: 30,
  enabled: true,
};

function PromotionsEditor({ entry }: { entry: SettingEntry }) {
  const { t } = useTranslation();
  const inForce = entry.value as Promotion[];
  const [draft, setDraft] = useState<Promotion[]>(inForce);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSetting(entry.key, setError);
  const changed = JSON.stringify(draft) !== JSON.stringify(inForce);
  const set = (i: number, patch: Partial<Promotion>) => {
    setError(null);
    setDraft(draft.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  };
  const text = (i: number, field: 'id' | 'name' | 'max' | 'minDeposit', wide = false) => (
    <label className={wide ? 'pg-field apr-wide' : 'pg-field'}>
      <span>{t(`adminPromotions.bonus.fields.${field}`)}</span>
      <input
        type="text"
        value={draft[i]![field]}
        onChange={(event) => set(i, { [field]: event.target.value })}
        data-testid={`bonus-${field}-${i}`}
      />
    </label>
  );
  const num = (i: number, field: 'percent' | 'multiplier' | 'expiryDays') => (
    <label className="pg-field">
      <span>{t(`adminPromotions.bonus.fields.${field}`)}</span>
      <input
        type="number"
        min={field === 'multiplier' ? 0 : 1}
        value={Number.isFinite(draft[i]![field]) ? draft[i]![field] : ''}
        onChange={(event) => set(i, { [field]: Number.parseInt(event.target.value, 10) })}
      />
    </label>
  );

  return (
    <section className="pg-card apr-card" data-testid="bonus-promotions">
      <h2 className="pg-card__title">{t('adminPromotions.bonus.promotions')}</h2>
      <p className="apr-hint">{entry.description}</p>
      {draft.length === 0 && <p className="apr-hint">{t('adminPromotions.bonus.none')}</p>}
      {draft.map((promotion, i) => (
        <div className="apr-promo" key={i}>
          <div className="apr-promo__head">
            <label className="sf-switch">
              <input
                type="checkbox"
                checked={promotion.enabled}
                aria-label={t('adminPromotions.bonus.fields.enabled')}
                onChange={(event) => set(i, { enabled: event.target.checked })}
              />
              <span aria-hidden="true" />
            </label>
            <strong>{promotion.name || t('adminPromotions.bonus.untitled')}</strong>
            <span className="apr-promo__sum">
              {t('adminPromotions.bonus.summary', {
                percent: promotion.percent,
                max: promotion.max,
                multiplier: promotion.multiplier,
              })}
            </span>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`${t('adminPromotions.bonus.remove')} ${promotion.name}`}
              onClick={() => setDraft(draft.filter((_, j) => j !== i))}
            >
              <Trash2 size={14} />
            </IconButton>
          </div>
          <div className="apr-promo__grid">
            {text(i, 'name', true)}
            {text(i, 'id')}
            {num(i, 'percent')}
            {text(i, 'max')}
            {text(i, 'minDeposit')}
            {num(i, 'multiplier')}
            {num(i, 'expiryDays')}
            <label className="pg-field apr-full">
              <span>{t('adminPromotions.bonus.fields.description')}</span>
              <textarea
                rows={2}
                value={promotion.description}
                onChange={(event) => set(i, { description: event.target.value })}
              />
            </label>
          </div>
        </div>
      ))}
      {error && (
        <p className="apr-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
      <footer className="apr-actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<Plus size={14} />}
          disabled={draft.length >= 20}
          onClick={() => setDraft([...draft, { ...FRESH, id: `promo-${draft.length + 1}` }])}
        >
          {t('adminPromotions.bonus.add')}
        </Button>
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
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate(draft)}
          data-testid="bonus-save"
        >
          {t('adminPromotions.save')}
        </Button>
      </footer>
    </section>
  );
}

export function BonusTab({
  settings,
  figures,
}: {
  settings: readonly SettingEntry[];
  figures: AdminPromotions | undefined;
}) {
  const { t } = useTranslation();
  const promotions = settings.find((s) => s.key === 'bonus.deposit_promotions');
  return (
    <>
      <Figures
        figures={figures}
        pick={(f, hint) => [
          { label: t('adminPromotions.figures.bonusCredited'), value: usd(f.bonus.creditedUsd), hint },
          { label: t('adminPromotions.figures.bonusConverted'), value: usd(f.bonus.convertedUsd), hint },
        ]}
      />
      {promotions ? (
        <PromotionsEditor key={JSON.stringify(promotions.value)} entry={promotions} />
      ) : (
        <ReadOnlyNote permission="promocodes" />
      )}
      <h2 className="apr-section">{t('adminPromotions.bonus.title')}</h2>
      <SettingCards
        settings={settings}
        keys={[
          'bonus.wagering_weights',
          'bonus.reset_below_usd',
          'promocodes.daily_limit',
          'promocodes.max_balance_usd',
        ]}
        permission="promocodes"
      />
    </>
  );
}
