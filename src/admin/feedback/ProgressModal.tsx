/**
 * A modal with a percentage bar and no close button; it closes itself when progress reaches 100.
 */
import { useEffect } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ProgressModalProps {
  open: boolean;
  /** 0 to 100. */
  progress: number;
  /** Called when progress reaches 100 (the parent sets `open` to false). */
  onClose: () => void;
  title?: string;
}

export function ProgressModal({ open, progress, onClose, title }: ProgressModalProps) {
  const translate = useTranslate();
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const done = value >= 100;
  useEffect(() => {
    if (open && done) onClose();
  }, [open, done, onClose]);
  return (
    <Dialog open={open && !done} aria-labelledby="progress-modal-title" fullWidth maxWidth="xs">
      <DialogTitle id="progress-modal-title">{translate(title ?? 'publish.feedback.progress.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={value}
            sx={{ flex: 1 }}
            aria-label={translate('publish.feedback.progress.label')}
          />
          <Typography variant="body2" aria-hidden="true">{`${value} %`}</Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
