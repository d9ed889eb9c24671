import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { Info, Search } from 'lucide-react';
import { PageFrame, SkeletonGrid } from '../../ui';
import { LOBBY_CATEGORIES, humanizeTag } from './lobby-categories';
import './lobby.css';

const CHIP_SLUGS = ['originals', 'slots', 'live', 'game-shows', 'new-releases', 'providers'] as const;

function CategoryChips() {
  const { t } = useTranslation();
  return (
    <nav className="category-chips" aria-label={t('app.casino.categories')}>
      {CHIP_SLUGS.map((slug) => {
        const category = LOBBY_CATEGORIES[slug]!;
        return (
          <NavLink
            key={slug}
            to={category.path}
            className={({ isActive }) => `category-chip${isActive ? ' is-active' : ''}`}
          >
            {t(category.titleKey)}
          </NavLink>
        );
      })}
    </nav>
  );
}

function GameListFrame({
  label,
  count = 18,
  minWidth = 150,
  aspectRatio,
}: {
  label: string;
  count?: number;
  minWidth?: number;
  aspectRatio?: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  return (
    <>
      <div className="category-toolbar">
        <label className="category-toolbar__search">
          <Search size={16} aria-hidden="true" />
          <span className="sr-only">{t('common.search')}</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('app.casino.searchIn', { name: label })}
          />
        </label>
      </div>
      <CategoryChips />
      <div className="category-grid" aria-busy="true" aria-label={t('common.loading')}>
        <SkeletonGrid count={count} minWidth={minWidth} aspectRatio={aspectRatio} />
      </div>
      <p className="pg-note" style={{ marginTop: 'var(--space-5)' }}>
        <Info size={16} aria-hidden="true" />
        {t('app.casino.catalogueNote')}
      </p>
    </>
  );
}

/** /casino/originals, /casino/slots, ... : one category list. */
export function CategoryPage({ category }: { category: string }) {
  const { t } = useTranslation();
  const entry = LOBBY_CATEGORIES[category];
  const title = entry ? t(entry.titleKey) : humanizeTag(category);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <GameListFrame label={title} />
    </PageFrame>
  );
}

/** /casino/{tag}: the catch-all category finder. */
export function TagPage() {
  const { t } = useTranslation();
  const { tag = '' } = useParams();
  const known = LOBBY_CATEGORIES[tag.toLowerCase()];
  const title = known ? t(known.titleKey) : humanizeTag(tag);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <GameListFrame label={title} />
    </PageFrame>
  );
}

/** /casino/game/provider/{provider}: the games of one provider. */
export function ProviderGamesPage() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  const name = decodeURIComponent(provider);
  return (
    <PageFrame
      title={name}
      subtitle={t('app.casino.providerSubtitle', { name })}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/' },
        { label: t('nav.providers'), to: '/provider/all' },
        { label: name },
      ]}
      width="wide"
    >
      <GameListFrame label={name} />
    </PageFrame>
  );
}

/** /provider/all and /casino/providers. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const title = t('nav.allProviders');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <GameListFrame label={title} count={16} minWidth={180} aspectRatio="2 / 1" />
    </PageFrame>
  );
}
