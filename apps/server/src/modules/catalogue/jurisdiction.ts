/**
 * The caller's country (spec 3 `checkJurisdiction`), used for the territory flag of provider games.
 *
 * - With TRUSTED_COUNTRY_HEADER set (e.g. `cf-ipcountry` behind a CDN that sets it), the header is the
 *   answer whenever the request carries it; an unknown value (`XX`, Tor's `T1`, anything not an ISO
 *   alpha-2 code) means unknown. Only set it when the proxy overwrites the header on every request.
 * - Otherwise (or when the header is absent) the client address (`req.ip`, which honours TRUST_PROXY)
 *   is looked up in the offline GeoIP database; loopback and private addresses are unknown.
 */
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { normaliseIso } from './countries.js';
import { GeoIpDatabase } from './geoip.js';

export class Jurisdiction {
  private failed = false;

  constructor(
    private readonly header: string | undefined,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly geo: Pick<GeoIpDatabase, 'lookup'> = new GeoIpDatabase(),
  ) {}

  /** ISO alpha-2 country of the request, or null when it cannot be told. */
  async countryOf(req: Pick<FastifyRequest, 'headers' | 'ip'>): Promise<string | null> {
    if (this.header) {
      const raw = req.headers[this.header];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value !== undefined) return normaliseIso(value);
    }
    return this.lookup(req.ip);
  }

  /** GeoIP lookup of an address (null on any failure; a broken database is logged once). */
  async lookup(ip: string): Promise<string | null> {
    if (this.failed) return null;
    try {
      return await this.geo.lookup(ip);
    } catch (err) {
      this.failed = true;
      this.log.warn({ err }, 'GeoIP database unavailable: countries are unknown (nothing is blocked)');
      return null;
    }
  }

  /** Loads the GeoIP data now instead of on the first public request (production start-up). */
  warm(): void {
    void this.lookup('8.8.8.8');
  }
}
