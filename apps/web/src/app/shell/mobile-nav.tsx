import { NavLink } from 'react-router';
import { Dices, LayoutGrid, MessageSquare, Ticket, Trophy } from 'lucide-react';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';

/** Bottom navigation on widths below 900 px; Browse opens the sidebar as a sheet. */
export function MobileNav({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const chatOpen = useAppStore((state) => state.chat);
  const toggleChat = useAppStore((state) => state.toggleChat);
  return (
    <nav className="mobile-nav" aria-label={t('nav.menu')} data-testid="mobile-nav">
      <button
        type="button"
        className={`mobile-nav__item${menuOpen ? ' is-active' : ''}`}
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
      >
        <LayoutGrid size={20} aria-hidden="true" />
        <span>{t('nav.browse')}</span>
      </button>
      <NavLink to="/" end className="mobile-nav__item">
        <Dices size={20} aria-hidden="true" />
        <span>{t('nav.casino')}</span>
      </NavLink>
      <NavLink to="/sportsbook" className="mobile-nav__item">
        <Ticket size={20} aria-hidden="true" />
        <span>{t('app.mobileNav.bets')}</span>
      </NavLink>
      <button
        type="button"
        className={`mobile-nav__item${chatOpen ? ' is-active' : ''}`}
        onClick={toggleChat}
        aria-pressed={chatOpen}
      >
        <MessageSquare size={20} aria-hidden="true" />
        <span>{t('nav.chat')}</span>
      </button>
      <NavLink to="/sport" className="mobile-nav__item">
        <Trophy size={20} aria-hidden="true" />
        <span>{t('nav.sports')}</span>
      </NavLink>
    </nav>
  );
}
