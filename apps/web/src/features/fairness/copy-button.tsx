import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { IconButton } from '../../ui';
import { useTranslation } from '../../lib/i18n';

/** How long the check mark stays after a copy. */
export const COPIED_MS = 1500;

/** A small icon button that copies `text` and confirms with a check mark. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // clipboard refused (insecure context): the text stays selectable
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <IconButton
      size="sm"
      className={copied ? 'fv-copy is-copied' : 'fv-copy'}
      aria-label={copied ? t('fairnessUi.copied') : (label ?? t('fairnessUi.copy'))}
      onClick={() => void copy()}
      disabled={!text}
    >
      {copied ? <Check size={14} /> : <Copy size={14} />}
    </IconButton>
  );
}
