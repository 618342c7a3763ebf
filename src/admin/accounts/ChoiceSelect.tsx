import { MenuItem, TextField } from '@mui/material';
import type { Choice } from '../../../schemas/api.ts';

export interface ChoiceSelectProps {
  /** A start-up list: roles, statuses. */
  choices: Choice[];
  /** Shown empty while null or not among the choices (not loaded yet). */
  value: number | null;
  onChange: (value: number) => void;
  /** A visible label, for selects standing alone. */
  label?: string;
  /** The accessible name, for selects in a table row. */
  ariaLabel?: string;
  disabled?: boolean;
}

/** A small select of one of the start-up or lookup lists (roles, statuses), for panels outside react-admin forms. */
export function ChoiceSelect({ choices, value, onChange, label, ariaLabel, disabled }: ChoiceSelectProps) {
  const shown = value !== null && choices.some((choice) => choice.id === value) ? value : '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={shown}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={label ? { minWidth: 200 } : undefined}
      slotProps={ariaLabel ? { htmlInput: { 'aria-label': ariaLabel } } : undefined}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
