/**
 * Back office: the promotions hub (`/admin/promotions`, issue G8 item 5; decision 0044). One tab per
 * programme: deposit bonuses, the bonus wheel, the faucet, the VIP level table, rakeback, the race,
 * banners and the contact modal, each with its live figures (`/api/admin/promotions`) beside the
 * settings it runs on. Settings are changed through the audited settings update, each by its own
 * permission (promocodes, banner, vip; `settings` for all): a programme the caller may not change is
 * shown read only. Promo codes and notifications have their own screens, linked from here. `?tab=`
 * opens a tab directly.
 */
import type { ComponentType } from 'react';
import type { AdminPromotions, SettingEntry } from '@nebula/contracts';
import { Link, useSearchParams } from 'react-router';
import {
  BellRing,
  Coins,
  Crown,
  Droplets,
  Flag,
  Gift,
  Image,
  Percent,
  Settings,
  Ticket,
  UserRound,
} from 'lucide-react';
import { EmptyState, Tabs } from '../../../ui';
import { useTranslation } from '../../../lib/i18n';
import { AdminLayout, AdminLoading } from '../admin-pages';
import { usePromotionFigures, usePromotionSettings } from './promotions-shared';
import { BonusTab } from './tab-bonus';
import { BannersTab, ContactTab, RaceTab } from './tab-content';
import { FaucetTab, RakebackTab, VipTab } from './tab-vip';
import { WheelTab } from './tab-wheel';
import '../admin-settings.css';
import './admin-promotions.css';
import './promotions-texts';

type TabProps = { settings: readonly SettingEntry[]; figures: AdminPromotions | undefined };

const TABS = [
  { id: 'bonus', icon: Gift, Tab: BonusTab },
  { id: 'wheel', icon: Coins, Tab: WheelTab },
  { id: 'faucet', icon: Droplets, Tab: FaucetTab },
  { id: 'vip', icon: Crown, Tab: VipTab },
  { id: 'rakeback', icon: Percent, Tab: RakebackTab },
  { id: 'race', icon: Flag, Tab: RaceTab },
  { id: 'banners', icon: Image, Tab: BannersTab },
  { id: 'contact', icon: UserRound, Tab: ContactTab },
] as const satisfies readonly { id: string; icon: unknown; Tab: ComponentType<TabProps> }[];
type TabId = (typeof TABS)[number]['id'];

export function AdminPromotionsPage() {
  const { t } = useTranslation();
  const title = t('adminPromotions.title');
  const [params, setParams] = useSearchParams();
  const settings = usePromotionSettings();
  const figures = usePromotionFigures();
  const current = TABS.find((tab) => tab.id === params.get('tab')) ?? TABS[0];
  const Tab = current.Tab;

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <div className="apr-head">
        <p className="al-intro apr-intro">{t('adminPromotions.intro')}</p>
        <nav className="apr-links" aria-label={title}>
          <Link to="/admin/promocodes" className="apr-link">
            <Ticket size={15} aria-hidden="true" /> {t('adminPromotions.links.promocodes')}
          </Link>
          <Link to="/admin/notifications" className="apr-link">
            <BellRing size={15} aria-hidden="true" /> {t('adminPromotions.links.notifications')}
          </Link>
          <Link to="/admin/settings" className="apr-link">
            <Settings size={15} aria-hidden="true" /> {t('adminPromotions.links.settings')}
          </Link>
        </nav>
      </div>
      <div className="apr-tabs">
        <Tabs<TabId>
          value={current.id}
          onChange={(id) => setParams({ tab: id }, { replace: true })}
          variant="underline"
          aria-label={title}
          idBase="apr"
          tabs={TABS.map(({ id, icon: Icon }) => ({
            id,
            label: t(`adminPromotions.tabs.${id}`),
            icon: <Icon size={15} aria-hidden="true" />,
          }))}
        />
      </div>
      <div
        className="apr-panel"
        role="tabpanel"
        id={`apr-panel-${current.id}`}
        aria-labelledby={`apr-tab-${current.id}`}
        data-testid={`promo-tab-${current.id}`}
      >
        {settings.isPending ? (
          <AdminLoading rows={8} />
        ) : settings.isError ? (
          <EmptyState tone="error" title={t('adminPromotions.loadFailed')} />
        ) : (
          <Tab settings={settings.data} figures={figures.data} />
        )}
      </div>
    </AdminLayout>
  );
}
