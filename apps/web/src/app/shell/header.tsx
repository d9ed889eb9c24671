import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDown, LogOut, Menu, MessageSquare, Percent, Search, User } from 'lucide-react';
import { Button, Dropdown, IconButton } from '../../ui';
import { hasPermission, isSignedIn, useAppStore } from '../../lib/store';
import { requestLogin } from '../../lib/request-login';
import { Logo } from './logo';
import { useTranslation, withSharedTexts } from '../../lib/i18n';

// The wallet pill (currency picker, balances, fiat view) is a signed-in player's: a guest's first
// visit never loads it, and a stored player's copy starts loading with the app, beside the first page.
const loadHeaderWallet = () => withSharedTexts(import('../../features/wallet/header-wallet'));
const HeaderWallet = lazy(async () => ({ default: (await loadHeaderWallet()).HeaderWallet }));
if (isSignedIn(useAppStore.getState().user)) void loadHeaderWallet().catch(() => undefined);

/** Width at or below which the header shows the mini logo (spec 2 section 2). */
export const MINI_LOGO_WIDTH = 991;

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppStore((state) => state.user);
  const canDashboard = useAppStore((state) => hasPermission(state.user, 'dashboard', 'active', state.demo));
  if (!user) return null;
  type Entry = 'profile' | 'connections' | 'rakeback' | 'dashboard' | 'logout';
  const entries: { entryId: Entry; title: string; icon?: React.ReactNode }[] = [
    { entryId: 'profile', title: t('nav.profile'), icon: <User size={16} /> },
    { entryId: 'connections', title: t('nav.connections') },
    { entryId: 'rakeback', title: t('nav.rakeback'), icon: <Percent size={16} /> },
    ...(canDashboard ? [{ entryId: 'dashboard' as const, title: t('nav.dashboard') }] : []),
    { entryId: 'logout', title: t('nav.logout'), icon: <LogOut size={16} /> },
  ];
  function handleSelect(entry: Entry) {
    if (entry === 'profile') void navigate(`/profile/${user!._id}`);
    else if (entry === 'connections') void navigate('/profile/settings/connections');
    // The Rakeback dialog (spec 2 section 2), loaded when first opened.
    else if (entry === 'rakeback')
      void withSharedTexts(import('../../features/promotions/rakeback-dialog')).then((m) => m.openRakeback());
    else if (entry === 'dashboard') window.open('/admin', '_blank', 'noopener');
    // GET /auth/logout, then the local sign-out (the session module loads with the first signed-in use).
    else void import('../../features/auth/session').then(({ logout }) => logout());
  }
  return (
    <div className="header__user">
      <Link
        to={`/profile/${user._id}`}
        className="header__avatar"
        aria-label={t('header.profile')}
        title={user.name}
      >
        {user.avatar ? <img src={user.avatar} alt="" /> : user.name.charAt(0).toUpperCase()}
      </Link>
      <Dropdown
        aria-label={t('nav.settings')}
        entries={entries}
        onSelect={handleSelect}
        align="end"
        className="header__user-menu"
        renderTrigger={() => <ChevronDown size={16} aria-hidden="true" />}
      />
    </div>
  );
}

export interface HeaderProps {
  onToggleSidebar: () => void;
  onOpenSearch: () => void;
  isPhoneLayout: boolean;
}

export function Header({ onToggleSidebar, onOpenSearch, isPhoneLayout }: HeaderProps) {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const windowWidth = useAppStore((state) => state.windowWidth);
  const chatOpen = useAppStore((state) => state.chat);
  const toggleChat = useAppStore((state) => state.toggleChat);
  const sidebarExpanded = useAppStore((state) => state.sidebar);

  return (
    <header className="header" data-testid="header">
      <div className="header__left">
        {isPhoneLayout
          ? null
          : // The sidebar has its own collapse control; this one is for a collapsed rail.
            !sidebarExpanded && (
              <IconButton
                aria-label={t('header.toggleSidebar')}
                onClick={onToggleSidebar}
                className="header__menu"
              >
                <Menu size={20} />
              </IconButton>
            )}
        <Logo mini={windowWidth <= MINI_LOGO_WIDTH} />
        <button
          type="button"
          className="header__search"
          onClick={onOpenSearch}
          aria-label={t('header.search')}
          data-testid="search-button"
        >
          <Search size={16} aria-hidden="true" />
          <span className="header__search-text">{t('header.searchPlaceholder')}</span>
        </button>
      </div>

      <div className="header__right">
        {signedIn ? (
          <>
            <Suspense fallback={null}>
              <HeaderWallet />
            </Suspense>
            <UserMenu />
          </>
        ) : (
          <div className="header__auth">
            <Button variant="ghost" size="sm" onClick={() => requestLogin('auth')} data-testid="sign-in">
              {t('header.signIn')}
            </Button>
            <Button size="sm" onClick={() => requestLogin('register')} data-testid="sign-up">
              {t('header.signUp')}
            </Button>
          </div>
        )}
        {!isPhoneLayout && (
          <IconButton
            aria-label={chatOpen ? t('header.closeChat') : t('header.openChat')}
            active={chatOpen}
            aria-pressed={chatOpen}
            onClick={toggleChat}
            data-testid="chat-toggle"
          >
            <MessageSquare size={20} />
          </IconButton>
        )}
      </div>
    </header>
  );
}
