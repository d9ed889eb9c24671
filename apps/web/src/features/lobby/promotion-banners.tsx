/**
 * The promotion banner slider of the home lobby (spec 2 sections 2, 3, 5-8; issue G7 item 1): the
 * operator's banners (`POST /api/promotionBanners`, the casino ones: sport false; the server leaves
 * Poker banners out for guests) as a row of cards that scrolls by snap, with arrows on wide screens. A
 * banner with a code activates it (`POST /api/promocode/promotion-banner-activate`): a guest is told
 * 'Please login to your account.' and gets the sign-in dialog; success shows 'Promocode activated!' and
 * refreshes the balances; a failure shows 'Something went wrong, Please try again.'. A banner without a
 * code links to its page. Nothing is shown when the operator has set up none.
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import type { PromotionBanner } from '@nebula/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Gift, Spade, Trophy, Zap } from 'lucide-react';
import { Button, IconButton, toast } from '../../ui';
import { api } from '../../lib/api';
import { events } from '../../lib/events';
import { useTranslation } from '../../lib/i18n';
import { promocodeApi, refreshAfterActivation } from '../../lib/promocodes';
import { isSignedIn, useAppStore } from '../../lib/store';
// Its texts and styles travel with it: the sports pages show it too (the sport banners).
import './lobby-texts';
import './lobby.css';

const ICONS = { Deposit: Gift, Poker: Spade, Casino: Zap, Sport: Trophy } as const;

function BannerCard({ banner }: { banner: PromotionBanner }) {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const activate = useMutation({
    mutationFn: () => api(promocodeApi.bannerActivate, { code: banner.code }),
    onSuccess: () => {
      toast.success(t('lobbyUi.promoBanners.success'));
      refreshAfterActivation();
    },
    onError: () => toast.error(t('lobbyUi.promoBanners.failed')),
  });
  const Icon = ICONS[banner.type];
  const onActivate = () => {
    if (!signedIn) {
      toast.info(t('lobbyUi.promoBanners.login'));
      events.emit('open-auth', { mode: 'auth' });
      return;
    }
    activate.mutate();
  };
  return (
    <article
      className={`promo-banner promo-banner--${banner.type.toLowerCase()}`}
      data-testid="promotion-banner"
      data-type={banner.type}
    >
      <span className="promo-banner__glow" aria-hidden="true" />
      <header className="promo-banner__head">
        <span className="promo-banner__icon" aria-hidden="true">
          <Icon size={20} />
        </span>
        <span className="promo-banner__type">{t(`lobbyUi.promoBanners.types.${banner.type}`)}</span>
      </header>
      <h3 className="promo-banner__title">{banner.title}</h3>
      {banner.text && <p className="promo-banner__text">{banner.text}</p>}
      <footer className="promo-banner__foot">
        {banner.code ? (
          <>
            <span className="promo-banner__code" title={t('lobbyUi.promoBanners.code')}>
              {banner.code}
            </span>
            <Button
              size="sm"
              loading={activate.isPending}
              onClick={onActivate}
              data-testid="promotion-banner-activate"
            >
              {banner.button || t('lobbyUi.promoBanners.activate')}
            </Button>
          </>
        ) : (
          <Link to={banner.link || '/promotions'} className="ui-btn ui-btn--secondary ui-btn--sm">
            <span className="ui-btn__content">
              <span className="ui-btn__label">{banner.button || t('lobbyUi.promoBanners.open')}</span>
            </span>
          </Link>
        )}
      </footer>
    </article>
  );
}

/** The casino's banners, or with `sport` the sportsbook's (the server filters by the sport flag). */
export function PromotionBanners({ sport = false }: { sport?: boolean }) {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.user?.token ?? null);
  const track = useRef<HTMLDivElement>(null);
  const banners = useQuery({
    queryKey: ['promotionBanners', token, sport],
    queryFn: ({ signal }) => api(promocodeApi.banners, { sport }, { signal }),
    staleTime: 60_000,
  });
  if (!banners.data || banners.data.length === 0) return null;
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <section
      className="game-slider promo-banners"
      aria-label={t('lobbyUi.promoBanners.label')}
      data-testid="promotion-banners"
    >
      <header className="game-slider__head">
        <h2 className="game-slider__title">
          <span className="game-slider__icon" aria-hidden="true">
            <Gift size={18} />
          </span>
          {t('lobbyUi.promoBanners.label')}
        </h2>
        <div className="game-slider__controls">
          <Link to="/promotions" className="game-slider__all">
            {t('common.viewAll')}
          </Link>
          {banners.data.length > 1 && (
            <>
              <IconButton
                aria-label={t('lobbyUi.promoBanners.previous')}
                size="sm"
                variant="secondary"
                onClick={() => scroll(-1)}
              >
                <ChevronLeft size={16} />
              </IconButton>
              <IconButton
                aria-label={t('lobbyUi.promoBanners.next')}
                size="sm"
                variant="secondary"
                onClick={() => scroll(1)}
              >
                <ChevronRight size={16} />
              </IconButton>
            </>
          )}
        </div>
      </header>
      <div className="promo-banners__track" ref={track}>
        {banners.data.map((banner) => (
          <BannerCard key={banner._id} banner={banner} />
        ))}
      </div>
    </section>
  );
}
