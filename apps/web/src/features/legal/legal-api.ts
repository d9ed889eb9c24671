/**
 * The Terms dialog's call (`GET /api/legal/documents`, contract in packages/contracts endpoints/legal)
 * through a zod-free endpoint ref, and its query key. The server fills the operator's texts and lets
 * browsers reuse them for five minutes; the dialog keeps them for the page's life (ten minutes fresh).
 */
import type { legalDocumentsEndpoint } from '@nebula/contracts';
import { endpointRef } from '../../lib/api';

export const legalDocuments = endpointRef<typeof legalDocumentsEndpoint>('GET', '/api/legal/documents');

export const legalKeys = {
  documents: (lang: string) => ['legal', 'documents', lang] as const,
};

/** How long the loaded texts count as fresh (an operator rarely changes them). */
export const LEGAL_STALE_MS = 10 * 60_000;
