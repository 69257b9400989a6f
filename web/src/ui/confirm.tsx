import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';

/** What a confirmation asks: the question as its title, what the confirming button says, and what the other says. */
export interface Question {
  /** "Delete your driver's licence?" */
  title: string;
  /** A line under the title ("It cannot be undone."), when there is more to say. */
  description?: string;
  /** The button that does it: "Delete". */
  confirmLabel: string;
  /** The button that leaves things as they are; "Cancel" (common.confirm.dismiss) when not given. */
  dismissLabel?: string;
}

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The app's own confirmation in place of the browser's `confirm()` (issue #22 item 17): `ask(question)` opens an
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
