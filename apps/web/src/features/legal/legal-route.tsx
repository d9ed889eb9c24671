/**
 * `/terms` and `/privacyPolicy` (spec 1 section 2): the Terms dialog on its document (and the
 * `#section` of the address) over the home page the route shows beneath; closing it leaves for `/`.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LegalDocumentId } from '@nebula/contracts';
import { closeLegalDialog, openLegalDialog } from './legal-dialog';
import { legalTargetOf } from './legal-model';

export function LegalRoute({ doc }: { doc: LegalDocumentId }) {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const section = legalTargetOf(pathname, hash)?.section;

  useEffect(() => {
    let leaving = false;
    openLegalDialog({
      doc,
      section,
      onClose: () => {
        if (!leaving) void navigate('/', { replace: true });
      },
    });
    return () => {
      // The route is left another way (back button): the dialog goes with it, without navigating.
      leaving = true;
      closeLegalDialog();
    };
  }, [doc, section, navigate]);

  return null;
}
