/** A task's steps, oldest first: each with its level's icon, its time and its message. */
import ErrorIcon from '@mui/icons-material/Error';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TaskStep } from '../../../schemas/scenarios.ts';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';

const LEVEL_ICONS = {
  info: <InfoOutlinedIcon color="info" fontSize="small" />,
  warning: <WarningAmberIcon color="warning" fontSize="small" />,
  error: <ErrorIcon color="error" fontSize="small" />,
} as const;

function TimelineStep({ step }: { step: TaskStep }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 32 }} title={translate(`resources.tasks.levels.${step.level}`)} aria-label={translate(`resources.tasks.levels.${step.level}`)}>
        {LEVEL_ICONS[step.level] ?? LEVEL_ICONS.info}
      </ListItemIcon>
      <ListItemText
        primary={step.message}
        secondary={<LocaleDateField record={step} source="date" showTime component="span" />}
        slotProps={{ secondary: { component: 'span' } }}
      />
    </ListItem>
  );
}

export function TaskTimeline({ steps }: { steps: TaskStep[] }) {
  const translate = useTranslate();
  if (steps.length === 0) return <Typography color="text.secondary">{translate('resources.tasks.detail.noTimeline')}</Typography>;
  return (
    <List dense disablePadding aria-label={translate('resources.tasks.fields.timeline')}>
      {steps.map((step, index) => (
        <TimelineStep key={`${step.date}-${index}`} step={step} />
      ))}
    </List>
  );
}
