/**
 * The Terms dialog (spec 2 sections 1 and 2): the user agreement, the privacy policy and the FAQ in
 * tabs, each scrollable, with a table of contents on wide screens. The texts are the operator's, from
 * `GET /api/legal/documents` in the reader's language. A lazy chunk: opened by open-legal.ts (footer
 * links, any link to /terms or /privacyPolicy, registration's tick box) and by the two routes
 * (legal-route.tsx). Opened from registration it offers "I agree", which ticks the box.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LegalBlock, LegalDocumentId, ResponseOf, legalDocumentsEndpoint } from '@nebula/contracts';
import { LEGAL_DOCUMENT_IDS } from '@nebula/contracts/constants';
import { ChevronRight, FileText, HelpCircle, RefreshCw, ShieldCheck } from 'lucide-react';
import clsx from 'clsx';
import { Button, closeModal, EmptyState, openModal, Skeleton, Tabs, type ModalApi } from '../../ui';
import { api } from '../../lib/api';
import { i18n, useTranslation } from '../../lib/i18n';
import { legalDocuments, legalKeys, LEGAL_STALE_MS } from './legal-api';
import { formatLegalDate, isInOtherLanguage } from './legal-format';
import { registerLegalTexts } from './legal-texts';
import './legal.css';

registerLegalTexts();

export const LEGAL_MODAL_ID = 'legal';

type LegalDocument = ResponseOf<typeof legalDocumentsEndpoint>['documents'][LegalDocumentId];

export interface LegalDialogOptions {
  doc?: LegalDocumentId;
  /** A section to scroll to (its id), e.g. `responsible-gambling`. */
  section?: string;
  /** Shown as "I agree" (registration's tick box): called, then the dialog closes. */
  onAccept?: () => void;
  /** Called after the dialog closed, however. */
  onClose?: () => void;
}

const ICONS: Record<LegalDocumentId, typeof FileText> = {
  terms: FileText,
  privacy: ShieldCheck,
  faq: HelpCircle,
};

let opened = 0;

/** Opens the dialog (or replaces the open one) on a document and, optionally, a section. */
export function openLegalDialog(options: LegalDialogOptions = {}): void {
  opened += 1;
  const key = opened;
  openModal({
    id: LEGAL_MODAL_ID,
    title: i18n.t('legalUi.title'),
    size: 'lg',
    scrollable: false,
    className: 'legal-modal',
    onClose: options.onClose,
    content: (modal: ModalApi) => (
      <LegalDialog
        key={key}
        initialDoc={options.doc ?? 'terms'}
        section={options.section}
        onAccept={
          options.onAccept
            ? () => {
                options.onAccept?.();
                modal.close();
              }
            : undefined
        }
      />
    ),
  });
}

export function closeLegalDialog(): void {
  closeModal(LEGAL_MODAL_ID);
}

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <p key={index}>{block}</p>
        ) : (
          <ul key={index}>
            {block.list.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

function DocumentText({ id, document }: { id: LegalDocumentId; document: LegalDocument }) {
  if (id === 'faq') {
    return (
      <div className="legal-faq">
        {document.sections.map((section) => (
          <details
            key={section.id}
            className="legal-faq__item"
            data-section={section.id}
            id={`legal-${section.id}`}
          >
            <summary>
              <span>{section.title}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </summary>
            <div className="legal-faq__answer">
              <Blocks blocks={section.blocks} />
            </div>
          </details>
        ))}
      </div>
    );
  }
  return (
    <>
      {document.sections.map((section) => (
        <section
          key={section.id}
          className="legal-section"
          data-section={section.id}
          id={`legal-${section.id}`}
          aria-labelledby={`legal-${section.id}-title`}
        >
          <h4 id={`legal-${section.id}-title`}>{section.title}</h4>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </>
  );
}

function Loading() {
  return (
    <div className="legal__scroll" aria-busy="true" data-testid="legal-loading">
      <Skeleton shape="text" width="45%" height={26} />
      <Skeleton shape="text" width="30%" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="legal__skeleton-section">
          <Skeleton shape="text" width="35%" height={18} />
          <Skeleton shape="text" />
          <Skeleton shape="text" />
          <Skeleton shape="text" width="80%" />
        </div>
      ))}
    </div>
  );
}

export function LegalDialog({
  initialDoc,
  section,
  onAccept,
}: {
  initialDoc: LegalDocumentId;
  section?: string;
  onAccept?: () => void;
}) {
  const { t, i18n: engine } = useTranslation();
  const language = engine.language;
  const [doc, setDoc] = useState<LegalDocumentId>(initialDoc);
  const [active, setActive] = useState<string | null>(null);
  // The section asked for is scrolled to once, on the document it was asked with.
  const pendingSection = useRef<{ doc: LegalDocumentId; id: string } | null>(
    section ? { doc: initialDoc, id: section } : null,
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const query = useQuery({
    queryKey: legalKeys.documents(language),
    queryFn: ({ signal }) => api(legalDocuments, { lang: language }, { signal }),
    staleTime: LEGAL_STALE_MS,
  });
  const document = query.data?.documents[doc];

  // A new tab starts at its top, or at the section asked for.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || !document) return;
    const target = pendingSection.current?.doc === doc ? pendingSection.current.id : null;
    const element = target ? scroller.querySelector<HTMLElement>(`[data-section="${target}"]`) : null;
    if (element) {
      pendingSection.current = null;
      if (element instanceof HTMLDetailsElement) element.open = true;
      scroller.scrollTop = element.offsetTop - scroller.offsetTop - 8;
      setActive(target);
    } else {
      scroller.scrollTop = 0;
      setActive(document.sections[0]?.id ?? null);
    }
  }, [doc, document]);

  // The table of contents follows the reading position.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || !document || doc === 'faq') return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = scroller.scrollTop + scroller.offsetTop + 32;
        let current: string | null = document.sections[0]?.id ?? null;
        for (const element of scroller.querySelectorAll<HTMLElement>('[data-section]'))
          if (element.offsetTop <= top) current = element.dataset.section ?? current;
        setActive(current);
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [doc, document]);

  function jumpTo(id: string) {
    const scroller = scrollRef.current;
    const element = scroller?.querySelector<HTMLElement>(`[data-section="${id}"]`);
    if (!scroller || !element) return;
    scroller.scrollTo({ top: element.offsetTop - scroller.offsetTop - 8, behavior: 'smooth' });
    setActive(id);
  }

  const tabs = LEGAL_DOCUMENT_IDS.map((id) => {
    const Icon = ICONS[id];
    return { id, label: t(`legalUi.tabs.${id}`), icon: <Icon size={15} aria-hidden="true" /> };
  });

  return (
    <div className="legal" data-testid="legal-dialog" data-doc={doc}>
      <div className="legal__tabs">
        <Tabs
          idBase="legal"
          tabs={tabs}
          value={doc}
          onChange={setDoc}
          fullWidth
          aria-label={t('legalUi.title')}
        />
      </div>
      <div
        className={clsx('legal__body', doc !== 'faq' && document && 'has-toc')}
        role="tabpanel"
        id={`legal-panel-${doc}`}
        aria-labelledby={`legal-tab-${doc}`}
      >
        {query.isPending ? (
          <Loading />
        ) : !document ? (
          <div className="legal__scroll">
            <EmptyState
              tone="error"
              title={t('legalUi.loadFailed')}
              text={t('legalUi.loadFailedText')}
              action={
                <Button
                  variant="secondary"
                  icon={<RefreshCw size={16} />}
                  loading={query.isFetching}
                  onClick={() => void query.refetch()}
                  data-testid="legal-retry"
                >
                  {t('legalUi.retry')}
                </Button>
              }
            />
          </div>
        ) : (
          <>
            {doc !== 'faq' && (
              <nav className="legal__toc scroll-area" aria-label={t('legalUi.contents')}>
                <p className="legal__toc-title">{t('legalUi.contents')}</p>
                <ol>
                  {document.sections.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className={clsx(active === s.id && 'is-active')}
                        aria-current={active === s.id ? 'location' : undefined}
                        onClick={() => jumpTo(s.id)}
                      >
                        {s.title}
                      </button>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <div
              ref={scrollRef}
              className="legal__scroll scroll-area"
              tabIndex={0}
              data-testid="legal-scroll"
              lang={document.lang}
            >
              <header className="legal__head">
                <h3 data-testid="legal-title">{document.title}</h3>
                <p className="legal__updated">
                  {t('legalUi.updated', { date: formatLegalDate(document.updated, language) })}
                </p>
                {isInOtherLanguage(document.lang, language) && (
                  <p className="legal__language" role="note">
                    {t('legalUi.otherLanguage')}
                  </p>
                )}
              </header>
              {document.intro.length > 0 && (
                <div className="legal__intro">
                  <Blocks blocks={document.intro} />
                </div>
              )}
              <DocumentText id={doc} document={document} />
            </div>
          </>
        )}
      </div>
      {onAccept && (
        <div className="legal__footer">
          <span className="legal__footer-hint">{t('legalUi.acceptHint')}</span>
          <Button onClick={onAccept} data-testid="legal-accept">
            {t('legalUi.accept')}
          </Button>
        </div>
      )}
    </div>
  );
}
