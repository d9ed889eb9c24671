import { Spinner } from './spinner';
import { openModal } from './modal-store';
import './modal.css';

export const BLOCKING_LOADER_ID = 'blocking-loader';

export interface BlockingLoaderProps {
  text?: string;
}

/** Modal content: a spinner and a line of text. Meant for a non-dismissible modal. */
export function BlockingLoader({ text }: BlockingLoaderProps) {
  return (
    <div className="ui-blocking-loader" role="status" aria-live="polite">
      <Spinner size="lg" />
      {text && <p>{text}</p>}
    </div>
  );
}

/**
 * Opens the blocking loader as a non-dismissible modal (e.g. session expiry: the page reloads
 * behind it). Opening it twice keeps a single loader.
 */
export function openBlockingLoader(text?: string): string {
  return openModal({
    id: BLOCKING_LOADER_ID,
    dismissible: false,
    size: 'sm',
    ariaLabel: text,
    content: <BlockingLoader text={text} />,
  });
}
