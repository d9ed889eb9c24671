/** The catalogue's environment keys (decision 0013): the trusted country header and the snapshot's age. */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const catalogueEnv = defineEnv(
  {
    TRUSTED_COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as cf-ipcountry')
      .optional(),
    CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  },
  (e) => ({
    /** Request header a trusted proxy sets to the client's ISO country (lower case), e.g. cf-ipcountry. */
    trustedCountryHeader: e.TRUSTED_COUNTRY_HEADER?.toLowerCase(),
    /** How old the in-memory game catalogue may get before it is reloaded, ms (0: read on every call). */
    cacheMs: e.CATALOGUE_CACHE_MS,
  }),
);
