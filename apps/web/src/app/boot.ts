/** Start-up data the guards and the shell need: the licence (plugins, demo flag). */
import type { License } from '@nebula/contracts';
import { apiFetch } from '../lib/api';
import { useAppStore } from '../lib/store';

let inflight: Promise<License | null> | null = null;

/**
 * Loads the licence once into the store; later calls share the answer. A failed load resolves to
 * null (plugin routes then show not-found) and is retried on the next call.
 */
export function ensureLicense(): Promise<License | null> {
  const current = useAppStore.getState().license;
  if (current) return Promise.resolve(current);
  // Plain fetch typed by the contract: validating with zod here would put zod in the first-visit bundle.
  inflight ??= apiFetch<License>('POST', '/license', {})
    .then((license) => {
      useAppStore.getState().setLicense(license);
      return license;
    })
    .catch(() => {
      inflight = null;
      return null;
    });
  return inflight;
}

/** Test hook. */
export function resetBoot(): void {
  inflight = null;
}
