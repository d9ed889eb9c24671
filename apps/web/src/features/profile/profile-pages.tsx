import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import clsx from 'clsx';
import { Link, useNavigate, useParams } from 'react-router';
import { Settings2 } from 'lucide-react';
import { PageFrame, Tabs } from '../../ui';
import { AdminCog, ProfileCard, ProfileCardSkeleton, ProfileStateMessage } from './profile-card';
import { useFreshMe, useMe, useProfile, type MeView } from './profile-api';
import { GeneralSettings } from './settings-general';
import { SecuritySettings } from './settings-security';
import { SessionsSettings } from './settings-sessions';
import { PrivacySettings } from './settings-privacy';
import { ConnectionsSettings } from './settings-connections';
import { registerOpenProfile } from './open-profile';
import './profile-texts';
import './profile.css';
import { useTranslation } from '../../lib/i18n';

export { ProfilePopup, openProfilePopup } from './profile-popup';

// Module init: other features open the popup with the `open-profile` window event.
registerOpenProfile();

/** /profile/{userId or login name}: the public profile card; the owner gets a way to the settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { id: rawId = '' } = useParams();
  const id = rawId.trim();
  const me = useMe();
  const { data, isPending, isError, refetch } = useProfile(id);
  const profile = data?.status === 'ok' ? data.data : undefined;
  const isOwn =
    !!me && (me._id === id || me.name.toLowerCase() === id.toLowerCase() || me._id === profile?._id);
  const name = profile?.name ?? (isOwn ? me.name : id);

  const settingsLink = isOwn ? (
    <Link
      to="/profile/settings"
      className="ui-btn ui-btn--secondary ui-btn--md"
      data-testid="profile-edit-settings"
    >
      <span className="ui-btn__content">
        <span className="ui-btn__icon">
          <Settings2 size={16} />
        </span>
        <span className="ui-btn__label">{t('profileUi.editSettings')}</span>
      </span>
    </Link>
  ) : null;

  let body: ReactNode;
  if (isPending) body = <ProfileCardSkeleton />;
  else if (isError || !data) body = <ProfileStateMessage status="error" onRetry={() => void refetch()} />;
  else if (profile) {
    body = (
      <ProfileCard
        data={profile}
        actions={
          <>
            {settingsLink}
            <AdminCog id={profile._id} />
          </>
        }
      />
    );
  } else {
    body = (
      <ProfileStateMessage status={data.status === 'ok' ? 'error' : data.status} action={settingsLink} />
    );
  }

  return (
    <PageFrame title={t('nav.profile')} breadcrumbs={[{ label: t('nav.profile') }, { label: name }]}>
      <div className="profile-page" data-testid="profile-page">
        {body}
      </div>
    </PageFrame>
  );
}

/** The settings tabs; `responsible` (Responsible gambling) is the protection feature's, composed in app/routes. */
export const SETTINGS_TABS = [
  'general',
  'security',
  'sessions',
  'privacy',
  'responsible',
  'connections',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function settingsPath(tab: SettingsTab): string {
  return tab === 'general' ? '/profile/settings' : `/profile/settings/${tab}`;
}

function isSettingsTab(value: string | undefined): value is SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab);
}

/**
 * Phones scroll the tab row: the selected tab is brought into view, and the result says whether
 * the row is scrolled to its end (the fade on the right then goes).
 */
function useTabsScroll(ref: RefObject<HTMLDivElement | null>, tab: string): boolean {
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const list = ref.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const selected = list.querySelector<HTMLElement>('[aria-selected="true"]');
    if (selected && list.scrollWidth > list.clientWidth) {
      const offset =
        selected.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
      list.scrollLeft = Math.max(0, offset + selected.offsetWidth / 2 - list.clientWidth / 2);
    }
    const update = () => setAtEnd(list.scrollLeft + list.clientWidth >= list.scrollWidth - 2);
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref, tab]);
  return atEnd;
}

/** The settings frame: tabs that are URLs (so a tab can be linked and reloaded). */
export function SettingsLayout({ tab, children }: { tab: SettingsTab; children: (me: MeView) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  useFreshMe();
  const labels: Record<SettingsTab, string> = {
    general: t('profileUi.tabs.general'),
    security: t('profileUi.tabs.security'),
    sessions: t('profileUi.tabs.sessions'),
    privacy: t('profileUi.tabs.privacy'),
    responsible: t('profileUi.tabs.responsible'),
    connections: t('nav.connections'),
  };
  const title = t('settings.title');
  const tabsRef = useRef<HTMLDivElement>(null);
  const atEnd = useTabsScroll(tabsRef, tab);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.profile'), to: me ? `/profile/${me._id}` : undefined },
        { label: title, to: tab === 'general' ? undefined : '/profile/settings' },
        ...(tab === 'general' ? [] : [{ label: labels[tab] }]),
      ]}
      width="narrow"
    >
      <div className="profile-settings" data-testid="settings-page" data-tab={tab}>
        <div ref={tabsRef}>
          <Tabs
            variant="underline"
            idBase="profile-settings"
            className={clsx('profile-settings__tabs', atEnd && 'is-scrolled-end')}
            aria-label={title}
            tabs={SETTINGS_TABS.map((id) => ({ id, label: labels[id] }))}
            value={tab}
            onChange={(next) => void navigate(settingsPath(next))}
          />
        </div>
        <div
          role="tabpanel"
          id={`profile-settings-panel-${tab}`}
          aria-labelledby={`profile-settings-tab-${tab}`}
          className="profile-settings__panel"
        >
          {me ? children(me) : null}
        </div>
      </div>
    </PageFrame>
  );
}

/**
 * /profile/settings and /profile/settings/{tab} (login required). `responsible` and `connections`
 * have their own routes (app/routes.tsx); this page shows the profile's own tabs.
 */
export function SettingsPage() {
  const { tab: rawTab } = useParams();
  const tab: SettingsTab = isSettingsTab(rawTab) && rawTab !== 'responsible' ? rawTab : 'general';
  return (
    <SettingsLayout tab={tab}>
      {(me) => {
        if (tab === 'security') return <SecuritySettings me={me} />;
        if (tab === 'sessions') return <SessionsSettings />;
        if (tab === 'privacy') return <PrivacySettings me={me} />;
        if (tab === 'connections') return <ConnectionsSettings me={me} />;
        return <GeneralSettings me={me} />;
      }}
    </SettingsLayout>
  );
}

/** /profile/settings/connections (login required): its own page, shown as the settings' last tab. */
export function ConnectionsPage() {
  return <SettingsLayout tab="connections">{(me) => <ConnectionsSettings me={me} />}</SettingsLayout>;
}
