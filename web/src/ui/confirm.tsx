import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { Question } from './confirm-dialog';

// The question's shape is the dialog's (confirm-dialog.tsx), which this module loads lazily: re-exported for callers.
export type { Question } from './confirm-dialog';

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The app's own confirmation in place of the browser's `confirm()`: `ask(question)` opens an
 * accessible modal dialog (react-aria Dialog/Modal, loaded on first use, like the header's popovers, so that it
 * costs a screen nothing until asked) and resolves true when the user confirms, false when they dismiss it — with
 * the other button, Escape or a click outside. The screen renders `dialog` once; focus goes back to what opened it.
 */
export function useConfirm(): { dialog: ReactNode; ask: (question: Question) => Promise<boolean> } {
  const [open, setOpen] = useState<{ question: Question; answer: (yes: boolean) => void } | null>(null);
  const ask = useCallback((question: Question) => new Promise<boolean>((answer) => setOpen({ question, answer })), []);
  const dialog = open ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        {...open.question}
        onAnswer={(yes) => {
          open.answer(yes);
          setOpen(null);
        }}
      />
    </Suspense>
  ) : null;
  return { dialog, ask };
}
