import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Check, Copy, Link2, Send } from 'lucide-react';
import { IconButton } from '../../ui';
import { telegramShareUrl, twitterShareUrl } from './bet-links';
import { useTranslation } from '../../lib/i18n';

function useCopy(text: string): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(text)
      .then(() => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 1500);
      })
      .catch(() => undefined);
  };
  return [copied, copy];
}

/** A tiny copy button beside a value. */
export function CopyIcon({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy(text);
  return (
    <IconButton
      size="sm"
      className={copied ? 'bo-copy is-copied' : 'bo-copy'}
      aria-label={copied ? t('betsUi.copied') : (label ?? t('betsUi.copy'))}
      onClick={copy}
    >
      {copied ? <Check size={14} /> : <Copy size={14} />}
    </IconButton>
  );
}

/** The X logo (lucide has no brand icons). */
function XLogo() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true" fill="currentColor">
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.78L17.75 3Zm-1.08 16.2h1.7L7.42 4.72H5.6l11.07 14.48Z" />
    </svg>
  );
}

/** Share icons: copy the share link, X (Twitter), Telegram, then `children` (e.g. share to chat). */
export function ShareRow({ url, text, children }: { url: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy(url);
  return (
    <div className="bo-share" role="group" aria-label={t('betsUi.share')}>
      <IconButton
        variant="secondary"
        className={copied ? 'bo-share__btn is-copied' : 'bo-share__btn'}
        aria-label={copied ? t('betsUi.linkCopied') : t('betsUi.copyLink')}
        onClick={copy}
        data-testid="bet-overview-copy-link"
      >
        {copied ? <Check size={16} /> : <Link2 size={16} />}
      </IconButton>
      <a
        className="bo-share__btn bo-share__link"
        href={twitterShareUrl(url, text)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('betsUi.shareX')}
        title={t('betsUi.shareX')}
      >
        <XLogo />
      </a>
      <a
        className="bo-share__btn bo-share__link"
        href={telegramShareUrl(url, text)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('betsUi.shareTelegram')}
        title={t('betsUi.shareTelegram')}
      >
        <Send size={16} aria-hidden="true" />
      </a>
      {children}
    </div>
  );
}
