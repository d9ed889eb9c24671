/**
 * The hub's smaller tabs: the race's weekly pool (amount and currency, with the prize of each place),
 * and the settings edited as they are (a form from each schema): the lobby banners and the banner
 * modal, the contact modal.
 */
import { useState } from 'react';
import type { AdminPromotions, SettingEntry } from '@nebula/contracts';
import { RACE_PRIZE_SHARES_PERMILLE } from '@nebula/contracts/constants';
import { Save } from 'lucide-react';
import { Button } from '../../../ui';
import { useTranslation } from '../../../lib/i18n';
import { ReadOnlyNote, SettingCards, useSaveSetting } from './promotions-shared';

function PoolEditor({ entry }: { entry: SettingEntry }) {
  const { t } = useTranslation();
  const value = entry.value as { reward?: string | number; currency?: string };
  const [reward, setReward] = useState(String(value.reward ?? '0'));
  const [currency, setCurrency] = useState(value.currency ?? 'usdt');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSetting(entry.key, setError);
  const valid = /^\d{1,30}(\.\d{1,18})?$/.test(reward) && /^[a-z0-9_]{1,32}$/.test(currency);
  const changed = reward !== String(value.reward ?? '0') || currency !== (value.currency ?? 'usdt');
  return (
    <section className="pg-card apr-card" data-testid="race-pool">
      <h2 className="pg-card__title">{t('adminPromotions.race.pool')}</h2>
      <p className="apr-hint">{entry.description}</p>
      <div className="apr-promo__grid">
        <label className="pg-field">
          <span>{t('adminPromotions.race.reward')}</span>
          <input
            type="text"
            value={reward}
            inputMode="decimal"
            aria-invalid={!valid || undefined}
            onChange={(event) => {
              setError(null);
              setReward(event.target.value.trim());
            }}
            data-testid="race-reward"
          />
        </label>
        <label className="pg-field">
          <span>{t('adminPromotions.race.currency')}</span>
          <input
            type="text"
            value={currency}
            onChange={(event) => setCurrency(event.target.value.trim().toLowerCase())}
          />
        </label>
      </div>
      {error && (
        <p className="apr-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
      <footer className="apr-actions">
        <Button
          size="sm"
          icon={<Save size={14} />}
          disabled={!changed || !valid}
          loading={save.isPending}
          onClick={() => save.mutate({ reward, currency })}
        >
          {t('adminPromotions.save')}
        </Button>
      </footer>
    </section>
  );
}

type TabProps = { settings: readonly SettingEntry[]; figures: AdminPromotions | undefined };

export function RaceTab({ settings }: TabProps) {
  const { t } = useTranslation();
  const entry = settings.find((s) => s.key === 'race.prize_pool');
  const pool = entry?.value as { reward?: string | number; currency?: string } | undefined;
  const reward = Number(pool?.reward ?? 0);
  const currency = (pool?.currency ?? 'usdt').toUpperCase();
  return (
    <>
      {pool && (
        <div className="apr-figures">
          <div className="apr-figure">
            <span className="apr-figure__label">{t('adminPromotions.figures.pool')}</span>
            <strong className="apr-figure__value">
              {reward.toLocaleString('en-US')} {currency}
            </strong>
          </div>
        </div>
      )}
      <div className="apr-two">
        {entry ? (
          <PoolEditor key={JSON.stringify(entry.value)} entry={entry} />
        ) : (
          <ReadOnlyNote permission="promocodes" />
        )}
        <section className="pg-card apr-card">
          <h2 className="pg-card__title">{t('adminPromotions.race.title')}</h2>
          <table className="apr-grid apr-places" data-testid="race-places">
            <thead>
              <tr>
                <th scope="col">{t('adminPromotions.race.place')}</th>
                <th scope="col">{t('adminPromotions.race.share')}</th>
                <th scope="col">{t('adminPromotions.race.prize')}</th>
              </tr>
            </thead>
            <tbody>
              {RACE_PRIZE_SHARES_PERMILLE.map((share, i) => (
                <tr key={i}>
                  <th scope="row" className="apr-grid__level">
                    {i + 1}
                  </th>
                  <td>{(share / 10).toFixed(1)}%</td>
                  <td>
                    {(Math.floor(reward * share) / 1000).toLocaleString('en-US', {
                      maximumFractionDigits: 2,
                    })}{' '}
                    {currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}

export function BannersTab({ settings }: TabProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="apr-section">{t('adminPromotions.banners.lobby')}</h2>
      <SettingCards settings={settings} keys={['promocodes.banners']} permission="banner" />
      <h2 className="apr-section">{t('adminPromotions.banners.modal')}</h2>
      <SettingCards settings={settings} keys={['notifications.banner']} permission="banner" />
    </>
  );
}

export function ContactTab({ settings }: TabProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="apr-section">{t('adminPromotions.contact.title')}</h2>
      <SettingCards settings={settings} keys={['profile.contact_info']} permission="vip" />
    </>
  );
}
