/**
 * The VIP tab (and the faucet's and rakeback's, which edit their columns of the same table): the level
 * table as an editable grid with the players at each level beside it, the programme's other settings.
 */
import type { AdminPromotions, SettingEntry } from '@nebula/contracts';
import { useTranslation } from '../../../lib/i18n';
import { AdminLoading } from '../admin-pages';
import { Figures, SettingCards, usd } from './promotions-shared';
import { VIP_FIELDS, VipTable } from './vip-table';

type TabProps = { settings: readonly SettingEntry[]; figures: AdminPromotions | undefined };

const playersAt = (figures: AdminPromotions, level: number) =>
  (figures.vipPlayers.find((p) => p.level === level)?.players ?? 0).toLocaleString('en-US');

export function VipTab({ settings, figures }: TabProps) {
  const { t } = useTranslation();
  if (!figures) return <AdminLoading rows={8} />;
  const ranked = figures.vipPlayers.filter((p) => p.level > 0).reduce((s, p) => s + p.players, 0);
  return (
    <>
      <Figures
        figures={figures}
        pick={() => [{ label: t('adminPromotions.figures.players'), value: ranked.toLocaleString('en-US') }]}
      />
      <section className="pg-card apr-card">
        <h2 className="pg-card__title">{t('adminPromotions.vip.title')}</h2>
        <p className="apr-hint">{t('adminPromotions.vip.hint')}</p>
        <VipTable
          entry={settings.find((s) => s.key === 'vip.levels')}
          defaults={figures.vipDefaults}
          columns={VIP_FIELDS}
          extra={[
            { label: t('adminPromotions.vip.players'), cell: (_row, level) => playersAt(figures, level) },
          ]}
        />
      </section>
      <h2 className="apr-section">{t('adminPromotions.vip.more')}</h2>
      <SettingCards settings={settings} keys={['vip.reward_currency', 'vip.excluded']} permission="vip" />
    </>
  );
}

export function FaucetTab({ settings, figures }: TabProps) {
  const { t } = useTranslation();
  if (!figures) return <AdminLoading rows={8} />;
  const minPercent = Number(settings.find((s) => s.key === 'faucet.min_percent')?.value ?? 25);
  return (
    <>
      <Figures
        figures={figures}
        pick={(f, hint) => [
          {
            label: t('adminPromotions.figures.claims'),
            value: f.faucet.claims.toLocaleString('en-US'),
            hint,
          },
          { label: t('adminPromotions.figures.faucetPaid'), value: usd(f.faucet.paidUsd), hint },
        ]}
      />
      <section className="pg-card apr-card">
        <h2 className="pg-card__title">{t('adminPromotions.faucet.title')}</h2>
        <p className="apr-hint">{t('adminPromotions.faucet.hint', { percent: minPercent })}</p>
        <VipTable
          entry={settings.find((s) => s.key === 'vip.levels')}
          defaults={figures.vipDefaults}
          columns={['name', 'faucetMax']}
          extra={[
            {
              label: t('adminPromotions.faucet.min'),
              cell: (row) =>
                Number.isFinite(Number(row.faucetMax))
                  ? usd(((Number(row.faucetMax) * minPercent) / 100).toFixed(2))
                  : '–',
            },
          ]}
          testId="faucet-table"
        />
      </section>
      <h2 className="apr-section">{t('adminPromotions.faucet.more')}</h2>
      <SettingCards
        settings={settings}
        keys={['faucet.cooldown_hours', 'faucet.min_percent', 'faucet.currency']}
        permission="promocodes"
      />
    </>
  );
}

export function RakebackTab({ settings, figures }: TabProps) {
  const { t } = useTranslation();
  if (!figures) return <AdminLoading rows={8} />;
  return (
    <>
      <Figures
        figures={figures}
        pick={(f, hint) => [
          { label: t('adminPromotions.figures.accrued'), value: usd(f.rakeback.accruedUsd), hint },
          { label: t('adminPromotions.figures.rakebackPaid'), value: usd(f.rakeback.paidUsd), hint },
        ]}
      />
      <section className="pg-card apr-card">
        <h2 className="pg-card__title">{t('adminPromotions.rakeback.title')}</h2>
        <p className="apr-hint">{t('adminPromotions.rakeback.hint')}</p>
        <VipTable
          entry={settings.find((s) => s.key === 'vip.levels')}
          defaults={figures.vipDefaults}
          columns={['name', 'rakebackPercent']}
          extra={[
            { label: t('adminPromotions.vip.players'), cell: (_row, level) => playersAt(figures, level) },
          ]}
          testId="rakeback-table"
        />
      </section>
      <h2 className="apr-section">{t('adminPromotions.rakeback.more')}</h2>
      <SettingCards
        settings={settings}
        keys={['rakeback.assumed_edge_bps', 'rakeback.excluded']}
        permission="vip"
      />
    </>
  );
}
