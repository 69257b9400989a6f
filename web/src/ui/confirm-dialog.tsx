import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

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

/**
 * The modal of ui/confirm.tsx: an alert dialog titled by the question, focus on the button that changes nothing
 * (WAI-ARIA alertdialog: the least destructive action first), Escape and a click outside dismiss it.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  dismissLabel,
  onAnswer,
}: Question & { onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isOpen) => {
        if (!isOpen) onAnswer(false);
      }}
      className="confirm-overlay"
    >
      <Modal className="confirm-modal">
        <Dialog
          role="alertdialog"
          className="confirm-dialog"
          aria-describedby={description ? descriptionId : undefined}
        >
          <Heading slot="title" className="confirm-dialog__title">
            {title}
          </Heading>
          {description ? (
            <p id={descriptionId} className="confirm-dialog__description">
              {description}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            <Button className="button button--secondary" onPress={() => onAnswer(false)} autoFocus>
              {dismissLabel ?? t('common.confirm.dismiss')}
            </Button>
            <Button className="button" onPress={() => onAnswer(true)}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
