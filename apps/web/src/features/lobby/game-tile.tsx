import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import type { CatalogueGame } from '@nebula/contracts';
import { gamePath, opensDemoPopup } from './catalogue-api';
import { openGamePreview } from './demo-popup';
import { FavouriteButton } from './favourite-button';
import { useShownFavourite } from './favourites';
import './lobby-texts';
import { useTranslation } from '../../lib/i18n';

/** The fields a tile needs. */
export type TileGame = Pick<
  CatalogueGame,
  'id' | 'name' | 'image' | 'provider' | 'launchable' | 'isFavorite' | 'blocked'
>;

/**
 * A 195x196 game tile (spec 2 "Game tile grid") with its favourite heart: greyed and locked when the
 * provider is restricted in the player's territory (such a tile cannot be opened; its heart only shows
 * to remove an old favourite), and opening the demo popup for `preview:` ids and provider games that
 * cannot launch yet. The heart is a sibling of the tile's link (a button cannot sit inside a link).
 */
export function GameTile({ game }: { game: TileGame }) {
  const favourite = useShownFavourite(game);
  return (
    <div className={`game-tile-cell${favourite ? ' is-favourite' : ''}`}>
      <TileBody game={game} favourite={favourite} />
      {(!game.blocked || favourite) && <FavouriteButton game={game} />}
    </div>
  );
}

function TileBody({ game, favourite }: { game: TileGame; favourite: boolean }) {
  const { t } = useTranslation();
  const badges = (
    <>
      <img className="game-tile__art" src={game.image} alt="" loading="lazy" width={195} height={196} />
      <span className="game-tile__name">{game.name}</span>
    </>
  );
  const testProps = {
    'data-testid': 'game-tile',
    'data-game-id': game.id,
    'data-blocked': game.blocked ? 'true' : undefined,
    'data-favourite': favourite ? 'true' : undefined,
  };
  if (game.blocked) {
    return (
      <div
        className="game-tile is-blocked"
        role="img"
        aria-label={`${game.name}: ${t('lobbyUi.blocked')}`}
        aria-disabled="true"
        title={t('lobbyUi.blocked')}
        {...testProps}
      >
        {badges}
        <span className="game-tile__lock" aria-hidden="true">
          <Lock size={18} />
          <small>{t('lobbyUi.blockedShort')}</small>
        </span>
      </div>
    );
  }
  if (opensDemoPopup(game)) {
    return (
      <button
        type="button"
        className="game-tile is-preview"
        aria-label={`${game.name} (${t('lobbyUi.preview')})`}
        onClick={() => openGamePreview(game)}
        {...testProps}
      >
        {badges}
      </button>
    );
  }
  return (
    <Link
      to={gamePath(game.id, game.provider !== null)}
      className="game-tile"
      aria-label={game.name}
      {...testProps}
    >
      {badges}
    </Link>
  );
}
