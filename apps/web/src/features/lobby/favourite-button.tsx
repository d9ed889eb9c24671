import { Heart } from 'lucide-react';
import type { CatalogueGame } from '@nebula/contracts';
import { toast } from '../../ui';
import { useGames } from './catalogue-api';
import { useFavourite } from './favourites';
import './lobby-texts';
import './favourite-button.css';
import { useTranslation } from '../../lib/i18n';

/**
 * The heart that adds a game to the player's favourites or removes it: on a tile (`variant="tile"`,
 * over the top right corner) or in the game page's header. Optimistic, rolled back with a toast on
 * failure; a guest gets the login prompt.
 */
export function FavouriteButton({
  game,
  variant = 'tile',
}: {
  game: Pick<CatalogueGame, 'id' | 'name'> & { isFavorite?: boolean };
  variant?: 'tile' | 'header';
}) {
  const { t } = useTranslation();
  const { favourite, pending, toggle } = useFavourite(game, () =>
    toast.error(t('lobbyUi.favouriteFailed', { name: game.name }), { id: `favourite:${game.id}` }),
  );
  const label = favourite
    ? t('lobbyUi.favouriteRemove', { name: game.name })
    : t('lobbyUi.favouriteAdd', { name: game.name });
  return (
    <button
      type="button"
      className={`fav-toggle fav-toggle--${variant}${favourite ? ' is-on' : ''}`}
      aria-pressed={favourite}
      aria-label={label}
      title={label}
      aria-busy={pending || undefined}
      onClick={(event) => {
        // On a tile the heart sits above the link: never open the game.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      data-testid="favourite-toggle"
      data-favourite-for={game.id}
    >
      <Heart
        size={variant === 'header' ? 16 : 14}
        fill={favourite ? 'currentColor' : 'none'}
        aria-hidden="true"
      />
      {variant === 'header' && (
        <span className="fav-toggle__label">
          {favourite ? t('lobbyUi.favouriteOn') : t('lobbyUi.favourite')}
        </span>
      )}
    </button>
  );
}

/**
 * The heart in a game page's header: the game's favourite flag comes from the catalogue (the same
 * one-game `gamesFilter` query as the 'Recently played' row); hidden while unknown and for games the
 * catalogue does not list.
 */
export function GameFavouriteButton({ id, name }: { id: string; name: string }) {
  const { data } = useGames([{ key: 'id', expect: id }], 1);
  const game = data?.games[0];
  if (!game) return null;
  return (
    <FavouriteButton
      game={{ id: game.id, name: game.name || name, isFavorite: game.isFavorite }}
      variant="header"
    />
  );
}
