import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** The confirming button's words ('Delete the car'). */
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Why the last attempt was refused, translated; read out as it appears. */
  error?: string | null;
}

/**
 * The console's confirmation (issue #23: never `window.confirm`): react-aria's modal dialog, which holds the focus
 * inside, closes on Escape and gives the focus back to what opened it. The cancel button has the focus first, so
 * that Enter on an open dialog never deletes.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay className="confirm-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="confirm-modal">
        <Dialog className="confirm-dialog" role="alertdialog">
          <Heading slot="title" className="confirm-dialog__title">
            {title}
          </Heading>
          <div className="confirm-dialog__body">{children}</div>
          {error ? (
            <p role="alert" className="form-message form-message--error">
              {error}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            {/* biome-ignore lint/a11y/noAutofocus: the safe choice has the focus in a confirmation (WAI-ARIA alertdialog). */}
            <button type="button" className="button button--secondary" autoFocus onClick={() => onOpenChange(false)}>
              {t('operator.dialog.cancel')}
            </button>
            <button type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
