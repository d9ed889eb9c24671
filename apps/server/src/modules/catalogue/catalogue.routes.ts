import {
  GAMES_FILTER_MAX_LIMIT,
  SEARCH_PAGE_SIZE,
  catalogueImageEndpoint,
  catalogueImageKinds,
  checkJurisdictionEndpoint,
  favouriteEndpoint,
  favouritesEndpoint,
  gameProvidersEndpoint,
  gamesFilterEndpoint,
  providerNamesEndpoint,
  slidesEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseRequest, registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { enforcePolicy } from '../../platform/policy.js';
import { readLicenseSettings } from '../platform/index.js';
import {
  FavouriteIdsCache,
  favouriteIds,
  imageSubject,
  listSlides,
  setFavourite,
} from './catalogue.repository.js';
import { type CallerView, CatalogueStore, type PageAnswer, renderPage, storedId } from './snapshot.js';
import { gameTileSvg, iconSvg, providerLogoSvg, slideSvg } from './images.js';
import { Jurisdiction } from './jurisdiction.js';
import { catalogueEnv } from './catalogue.env.js';
import { registerProviderAdminRoutes } from './admin-providers.js';

const IMAGE_FILE = /^([a-z0-9][a-z0-9-]{0,79})\.svg$/;
type ImageKind = (typeof catalogueImageKinds)[number];
/**
 * How long a node reuses a generated image (browsers keep them an hour: see the cache-control header),
 * and how many it keeps. A lobby page asks for about 60 images: without this each one is a database
 * query, queued behind the page's own calls on the embedded database.
 */
const IMAGE_CACHE_MS = 60_000;
const IMAGE_CACHE_SIZE = 2_000;

/** Catalogue routes: games filter, providers, favourites, slides, jurisdiction and generated images. */
export function registerCatalogueRoutes(app: FastifyInstance, ctx: AppContext): Jurisdiction {
  const { database } = ctx;
  const env = catalogueEnv.of(ctx.config);
  const jurisdiction = new Jurisdiction(env.trustedCountryHeader, ctx.log);
  // Behind a proxy that sets the country header the GeoIP data is only a fallback: load it on demand.
  if (ctx.config.isProduction && !env.trustedCountryHeader) jurisdiction.warm();
  const store = new CatalogueStore(database, env.cacheMs, ctx.log);
  const favouritesOf = new FavouriteIdsCache(database, env.cacheMs);
  registerProviderAdminRoutes(app, ctx, store);
  const noFavourites: ReadonlySet<string> = new Set();

  /** The contract check of a page, once per snapshot, filter set, page and country. */
  const checkPage = (answer: PageAnswer) => {
    const checked = gamesFilterEndpoint.response.safeParse(answer);
    if (!checked.success) {
      ctx.log.error(
        { issues: checked.error.issues, path: gamesFilterEndpoint.path },
        'response does not match its contract',
      );
      throw new AppError(500, 'internal', 'Internal server error.');
    }
  };

  // The lobby's hot call (every home page asks for six rows; docs/BENCHMARKS.md "Lobby"). Registered
  // like registerEndpoint does (contract listed, policy, request parsed by `parseRequest`), but the
  // answer is the snapshot's serialised page (checked against the contract when it was built) with the
  // caller's favourite flags spliced in: no per-request objects, validation or JSON serialisation.
  app.endpoints.push(gamesFilterEndpoint);
  app.route({
    method: gamesFilterEndpoint.method,
    url: gamesFilterEndpoint.path,
    handler: async (req, reply) => {
      enforcePolicy(gamesFilterEndpoint.policy, req.user);
      const input = parseRequest(gamesFilterEndpoint, req);
      const hasSearch = input.filter.some((f) => f.type === 'search');
      const limit = input.limit ?? (hasSearch ? SEARCH_PAGE_SIZE : GAMES_FILTER_MAX_LIMIT);
      const user = req.user;
      const [snapshot, favourites, iso] = await Promise.all([
        store.get(),
        user ? favouritesOf.get(user.id) : noFavourites,
        jurisdiction.countryOf(req),
      ]);
      const page = snapshot.serialisedPage(input.filter, input.page, limit, iso, checkPage);
      return reply.type('application/json; charset=utf-8').send(renderPage(page, favourites));
    },
  });

  registerEndpoint(app, gameProvidersEndpoint, async ({ input, req }) => {
    const [snapshot, iso] = await Promise.all([store.get(), jurisdiction.countryOf(req)]);
    return { providers: snapshot.providerList(input.featured === 'true', iso) };
  });

  registerEndpoint(app, providerNamesEndpoint, async () => {
    const providers = (await store.get()).providers
      .map((p) => ({ id: p.id, name: p.name }))
      .sort((a, b) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
      });
    return { providers };
  });

  registerEndpoint(app, checkJurisdictionEndpoint, async ({ req }) => ({
    iso: await jurisdiction.countryOf(req),
  }));

  registerEndpoint(app, favouritesEndpoint, async ({ user, req }) => {
    if (!user) throw AppError.unauthenticated();
    const [snapshot, iso, ids] = await Promise.all([
      store.get(),
      jurisdiction.countryOf(req),
      favouriteIds(database, user.id),
    ]);
    const mine: CallerView = { favourites: new Set(ids), iso };
    const games = ids.flatMap((id) => {
      const g = snapshot.byId.get(id);
      return g ? [snapshot.toGame(g, mine)] : [];
    });
    return { games };
  });

  registerEndpoint(app, favouriteEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const id = storedId(input.id);
    const listed = await setFavourite(database, user.id, id, input.favourite);
    favouritesOf.changed(user.id);
    if (!listed) throw new AppError(404, 'unknown_game', 'Unknown game.');
    return { id: input.id, favourite: input.favourite };
  });

  registerEndpoint(app, slidesEndpoint, async ({ user }) => {
    // Spec 2: guests never see Poker banners; nobody sees them while the poker plugin is off.
    const withPoker = user !== null && (await readLicenseSettings(ctx.settings)).plugins.poker === true;
    return { slides: await listSlides(database, withPoker) };
  });

  // Generated images by `${kind}/${id}` (only existing subjects; none when the catalogue cache is off).
  const images = new Map<string, { at: number; svg: string }>();
  const imageTtl = env.cacheMs === 0 ? 0 : IMAGE_CACHE_MS;

  registerEndpoint(app, catalogueImageEndpoint, async ({ params, reply }) => {
    const kind = params.kind as ImageKind;
    const file = IMAGE_FILE.exec(params.file ?? '');
    if (!(catalogueImageKinds as readonly string[]).includes(kind) || !file?.[1]) {
      throw AppError.notFound('No such image.');
    }
    const id = file[1];
    const key = `${kind}/${id}`;
    let cached = images.get(key);
    if (!cached || Date.now() - cached.at > imageTtl) {
      const subject = await imageSubject(database, kind, id);
      if (!subject) throw AppError.notFound('No such image.');
      cached = { at: Date.now(), svg: renderImage(kind, id, subject) };
      if (imageTtl > 0) {
        images.delete(key);
        images.set(key, cached);
        if (images.size > IMAGE_CACHE_SIZE) images.delete(images.keys().next().value!);
      }
    }
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return cached.svg;
  });

  return jurisdiction;
}

function renderImage(
  kind: ImageKind,
  id: string,
  subject: { title: string; caption: string | null },
): string {
  switch (kind) {
    case 'games':
      return gameTileSvg(id, subject.title, subject.caption);
    case 'icons':
      return iconSvg(id, subject.title);
    case 'providers':
      return providerLogoSvg(id, subject.title);
    case 'slides':
      return slideSvg(id, subject.title, subject.caption ?? '');
  }
}
