/**
 * Legal module (spec 2 section 1, issue G5 item 5): the texts of the Terms dialog (user agreement,
 * privacy policy, FAQ) served by `GET /api/legal/documents` from the operator's `legal.*` settings
 * (defaults: default-documents.ts), and the jurisdiction's rule on reversing withdrawals, which the
 * withdrawals module reads (`playerCancelsWithdrawals`).
 */
import { legalDocumentsEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { defineService } from '../../platform/services.js';
import { readLicenseSettings } from '../platform/index.js';
import { LegalRenderer } from './render.js';
import {
  legalDocumentsSetting,
  legalJurisdictionSetting,
  legalOperatorSetting,
  legalSettings,
} from './settings.js';

export {
  legalDocumentsSetting,
  legalJurisdictionSetting,
  legalOperatorSetting,
  legalSettings,
  playerCancelsWithdrawals,
  unknownPlaceholders,
} from './settings.js';
export { DEFAULT_DOCUMENTS } from './default-documents.js';

/** How long browsers and proxies may reuse the texts: an operator's change reaches readers within it. */
export const LEGAL_DOCUMENTS_MAX_AGE_S = 300;

/** This server's memo of rendered texts (render.ts). */
export const legalRenderer = defineService('legal.renderer', () => new LegalRenderer());

function registerLegalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const renderer = legalRenderer.of(ctx);
  registerEndpoint(app, legalDocumentsEndpoint, async ({ input, reply }) => {
    const [license, operator, jurisdiction, documents] = await Promise.all([
      readLicenseSettings(ctx.settings),
      ctx.settings.get(legalOperatorSetting),
      ctx.settings.get(legalJurisdictionSetting),
      ctx.settings.get(legalDocumentsSetting),
    ]);
    const rendered = renderer.render(
      documents,
      { siteName: license.siteName, operator, jurisdiction },
      input.lang ?? 'en',
    );
    reply.header('cache-control', `public, max-age=${LEGAL_DOCUMENTS_MAX_AGE_S}`);
    return { documents: rendered, playerCancelsWithdrawals: jurisdiction.reverseWithdrawals };
  });
}

export const legalModule = defineModule({
  name: 'legal',
  services: [legalRenderer],
  register: registerLegalRoutes,
  settings: legalSettings,
});
