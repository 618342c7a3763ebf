/**
 * Asks 'Are you sure you want to continue?' (after what it is about, when told) with cancel and
 * confirm buttons. Confirm runs the action (waiting for it when it returns a promise), then closes
 * the modal.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ConfirmModalProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => unknown;
  /** Catalogue keys overriding the default title and question. */
  title?: string;
  message?: string;
  /** What the action is about, said before the question (a deletion's record, by name). */
  subject?: string;
}

export function ConfirmModal({ open, onClose, onConfirm, title, message, subject }: ConfirmModalProps) {
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={running ? undefined : onClose} aria-labelledby="confirm-modal-title">
      <DialogTitle id="confirm-modal-title">{translate(title ?? 'publish.feedback.confirm.title')}</DialogTitle>
      <DialogContent>
        {subject && <DialogContentText sx={{ mb: 1, color: 'text.primary' }}>{subject}</DialogContentText>}
        <DialogContentText>{translate(message ?? 'publish.feedback.confirm.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {translate('publish.feedback.confirm.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={running} variant="contained" autoFocus>
          {translate('publish.feedback.confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
