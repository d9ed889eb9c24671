/**
 * The banner modal (spec 3 sections 3 and 7; decision 0040): when the operator's banner is enabled
 * (`POST /api/banner`: enabled, image, title, content), it opens once per browser for each version of it
 * (a changed banner shows again), after the first page. The content is HTML the server sanitised.
 */
import type { bannerEndpoint, Banner } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { addTranslations } from '../../lib/i18n';
import i18n from '../../lib/i18n';
import { Button, openModal } from '../../ui';

const bannerRef = endpointRef<typeof bannerEndpoint>('POST', '/api/banner');
export const BANNER_SEEN_KEY = 'nebula:banner-seen';

addTranslations('en', { bannerModal: { ok: 'Got it' } });
addTranslations('de', { bannerModal: { ok: 'Verstanden' } });

/** A short fingerprint of a banner's version (FNV-1a of its fields). */
export function bannerVersion(b: Banner): string {
  let hash = 0x811c9dc5;
  for (const ch of `${b.image}\u0000${b.title}\u0000${b.content}`) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function seen(version: string): boolean {
  try {
    return localStorage.getItem(BANNER_SEEN_KEY) === version;
  } catch {
    return false;
  }
}

function remember(version: string): void {
  try {
    localStorage.setItem(BANNER_SEEN_KEY, version);
  } catch {
    // Private mode: it shows again next visit.
  }
}

/** Loads the banner and opens it when enabled and not seen in this version. */
export async function showBannerModal(): Promise<void> {
  let banner: Banner;
  try {
    banner = await api(bannerRef, {});
  } catch {
    return;
  }
  if (!banner.enabled) return;
  const version = bannerVersion(banner);
  if (seen(version)) return;
  openModal({
    id: 'banner-modal',
    title: banner.title || undefined,
    ariaLabel: banner.title || undefined,
    size: 'md',
    className: 'banner-modal',
    onClose: () => remember(version),
    content: ({ close }) => (
      <div className="banner-modal__body" data-testid="banner-modal">
        {banner.image && <img className="banner-modal__image" src={banner.image} alt="" />}
        {/* HTML the server sanitised. */}
        <div className="banner-modal__content" dangerouslySetInnerHTML={{ __html: banner.content }} />
        <Button variant="primary" fullWidth onClick={close} data-testid="banner-modal-ok">
          {i18n.t('bannerModal.ok')}
        </Button>
      </div>
    ),
  });
}
