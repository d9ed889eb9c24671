/**
 * Catalogue module: games (in-house and provider), providers and their territory restrictions,
 * favourites, home slides, the caller's jurisdiction and generated SVG images
 * (`POST /api/data/gamesFilter`, `GET /api/game-providers`, `POST /api/data/providers`,
 * `POST /api/checkJurisdiction`, `POST /api/games/favourites`, `POST /api/games/favourite`,
 * `POST /api/slides`, `GET /api/img/{kind}/{id}.svg`).
 */
import { defineModule } from '../../platform/module.js';
import { registerCatalogueRoutes } from './catalogue.routes.js';
import { seedCatalogue } from './seed-catalogue.js';
import { catalogueEnv } from './catalogue.env.js';

export { seedCatalogue, seedDemoCatalogue, seedOriginals, DEMO_CATALOGUE_MARKER } from './seed-catalogue.js';
export { parseRestrictions, meansNoRestriction, type ParsedRestrictions } from './restrictions.js';
export { putProviderRestrictions } from './catalogue.repository.js';
export {
  CatalogueStore,
  CatalogueSnapshot,
  catalogueVersion,
  loadSnapshot,
  predicate,
  type CallerView,
} from './snapshot.js';
export { Jurisdiction } from './jurisdiction.js';
export { COUNTRY_CODES } from './countries.js';
export { GeoIpDatabase, isNonPublicIp } from './geoip.js';
export { iconSvg, imageUrl } from './images.js';

export { catalogueEnv } from './catalogue.env.js';
export { gameCategories } from './categories.js';

export const catalogueModule = defineModule({
  name: 'catalogue',
  env: catalogueEnv,
  register(app, ctx) {
    registerCatalogueRoutes(app, ctx);
  },
  seed: ({ database, demo }) => seedCatalogue(database, { demo }),
});
export {
  type ListedProviderGame,
  type ProviderGame,
  allProviderGames,
  linkProviderGames,
  providerGame,
  providerGameNames,
} from './provider-games.js';
