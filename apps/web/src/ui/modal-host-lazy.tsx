/**
 * The shell's <ModalHost />, loaded with the first modal that opens (a first visit usually opens none)
 * and kept mounted from then on: the stack lives in modal-store, so nothing opened before is lost.
 */
import { lazy, Suspense, useState } from 'react';
import { withSharedTexts } from '../lib/i18n';
import { useModalStore } from './modal-store';

// Its dialogs use the shared texts the first page does not need: they load with it.
const ModalHost = lazy(async () => ({ default: (await withSharedTexts(import('./modal-host'))).ModalHost }));

export function LazyModalHost() {
  const open = useModalStore((state) => state.modals.length > 0);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  );
}
