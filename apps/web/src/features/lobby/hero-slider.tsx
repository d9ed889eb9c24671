import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Coins, ShieldCheck, Trophy } from 'lucide-react';
import type { Slide } from '@nebula/contracts';
import { Skeleton } from '../../ui';
import { useSlides } from './catalogue-api';
import { useTranslation } from '../../lib/i18n';

interface Banner {
  id: string;
  icon: typeof Coins;
  tone: 'a' | 'b' | 'c';
  titleKey: string;
  textKey: string;
  ctaKey: string;
  to: string;
}

/**
 * Built-in promo banners: shown when the operator has no slides (or the slides call failed). They
 * promise only what the product does (no bonus or VIP perks before those programmes exist).
 */
const BANNERS: Banner[] = [
  {
    id: 'welcome',
    icon: Coins,
    tone: 'a',
    titleKey: 'app.home.banner.welcome.title',
    textKey: 'app.home.banner.welcome.text',
    ctaKey: 'app.home.banner.welcome.cta',
    to: '/casino/originals',
  },
  {
    id: 'fair',
    icon: ShieldCheck,
    tone: 'b',
    titleKey: 'app.home.banner.fair.title',
    textKey: 'app.home.banner.fair.text',
    ctaKey: 'app.home.banner.fair.cta',
    to: '/fairness',
  },
  {
    id: 'race',
    icon: Trophy,
    tone: 'c',
    titleKey: 'app.home.banner.race.title',
    textKey: 'app.home.banner.race.text',
    ctaKey: 'app.home.banner.race.cta',
    to: '/leaderboard',
  },
];

const AUTO_ADVANCE_MS = 7000;

/** The home banner slider: the operator's slides (`POST /api/slides`), else the built-in banners. */
export function HeroSlider() {
  const { data, isError } = useSlides();
  if (data && data.length > 0) return <Carousel slides={data} />;
  if (!data && !isError) {
    return (
      <div className="hero hero--loading" aria-busy="true" data-testid="hero-loading">
        <Skeleton className="hero__skeleton" radius="var(--radius-lg)" />
      </div>
    );
  }
  return <Carousel />;
}

function useRotation(count: number) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const id = window.setInterval(() => setIndex((value) => (value + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearInterval(id);
  }, [paused, count]);
  const go = (delta: number) => setIndex((value) => (value + delta + count) % count);
  return { index: Math.min(index, Math.max(0, count - 1)), setIndex, setPaused, go };
}

function Carousel({ slides }: { slides?: Slide[] }) {
  const { t } = useTranslation();
  const count = slides?.length ?? BANNERS.length;
  const { index, setIndex, setPaused, go } = useRotation(count);
  const keys = slides ? slides.map((slide) => slide._id) : BANNERS.map((banner) => banner.id);

  return (
    <section
      className={slides ? 'hero hero--images' : 'hero'}
      aria-roledescription="carousel"
      aria-label={t('app.home.bannersLabel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="hero__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides?.map((slide, position) => (
          <Link
            key={slide._id}
            to={slide.link || '/'}
            className="hero__slide hero__slide--image"
            aria-roledescription="slide"
            aria-label={`${slide.title} (${position + 1} / ${count})`}
            aria-hidden={position !== index}
            tabIndex={position === index ? 0 : -1}
            data-testid="hero-slide"
          >
            <img src={slide.image} alt={slide.title} className="hero__image" />
          </Link>
        ))}
        {!slides &&
          BANNERS.map((banner, position) => {
            const Icon = banner.icon;
            return (
              <article
                key={banner.id}
                className={`hero__slide hero__slide--${banner.tone}`}
                aria-roledescription="slide"
                aria-label={`${position + 1} / ${count}`}
                aria-hidden={position !== index}
              >
                <div className="hero__copy">
                  <h2 className="hero__title">{t(banner.titleKey)}</h2>
                  <p className="hero__text">{t(banner.textKey)}</p>
                  <Link
                    to={banner.to}
                    className="ui-btn ui-btn--primary ui-btn--md hero__cta"
                    tabIndex={position === index ? 0 : -1}
                  >
                    <span className="ui-btn__content">
                      <span className="ui-btn__label">{t(banner.ctaKey)}</span>
                    </span>
                  </Link>
                </div>
                <div className="hero__art" aria-hidden="true">
                  <span className="hero__orb hero__orb--1" />
                  <span className="hero__orb hero__orb--2" />
                  <span className="hero__badge">
                    <Icon size={56} strokeWidth={1.5} />
                  </span>
                </div>
              </article>
            );
          })}
      </div>
      <div className="hero__nav">
        <button
          type="button"
          className="hero__arrow"
          aria-label={t('common.previous')}
          onClick={() => go(-1)}
        >
          <ChevronLeft size={18} />
        </button>
        <div className="hero__dots" role="group">
          {keys.map((key, position) => (
            <button
              key={key}
              type="button"
              className={`hero__dot${position === index ? ' is-active' : ''}`}
              aria-label={`${position + 1} / ${count}`}
              aria-current={position === index}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
        <button type="button" className="hero__arrow" aria-label={t('common.next')} onClick={() => go(1)}>
          <ChevronRight size={18} />
        </button>
      </div>
    </section>
  );
}
