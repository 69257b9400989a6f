import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Question } from './confirm';
import './confirm-dialog.css';

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
