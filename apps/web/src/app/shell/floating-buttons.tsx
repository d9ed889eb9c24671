import { useEffect, useState } from 'react';
import { ArrowUp, Gift, MessageSquare } from 'lucide-react';
import { events } from '../../lib/events';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';

/** Bottom-right buttons: back to top (after scrolling), the bonus wheel and the chat/support toggle. */
export function FloatingButtons() {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);
  const chatOpen = useAppStore((state) => state.chat);
  const setChat = useAppStore((state) => state.setChat);

  useEffect(() => {
    const handleScroll = () => setScrolled(window.scrollY > 480);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);

  return (
    <div className="floating">
      {scrolled && (
        <button
          type="button"
          className="floating__btn"
          aria-label={t('footer.backToTop')}
          title={t('footer.backToTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUp size={18} />
        </button>
      )}
      <button
        type="button"
        className="floating__btn floating__btn--gift"
        aria-label={t('footer.bonusWheel')}
        title={t('footer.bonusWheel')}
        onClick={() => events.emit('toggle-bonus')}
        data-testid="open-bonus-wheel"
      >
        <Gift size={18} />
      </button>
      {!chatOpen && (
        <button
          type="button"
          className="floating__btn floating__btn--accent floating__chat"
          aria-label={t('header.openChat')}
          title={t('header.openChat')}
          onClick={() => setChat(true)}
        >
          <MessageSquare size={18} />
        </button>
      )}
    </div>
  );
}
