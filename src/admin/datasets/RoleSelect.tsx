import { MenuItem, TextField } from '@mui/material';
import type { Choice } from '../../../schemas/api.ts';

export interface RoleSelectProps {
  roles: Choice[];
  value: number | null;
  onChange: (role: number) => void;
  /** A visible label, for the select of the add form. */
  label?: string;
  /** The accessible name, for selects in a table row. */
  ariaLabel?: string;
}

/** A select of one of the contact roles. */
export function RoleSelect({ roles, value, onChange, label, ariaLabel }: RoleSelectProps) {
  // Until the roles are loaded, a chosen role has no option to show.
  const shown = value !== null && roles.some((role) => role.id === value) ? value : '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={shown}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 220 }}
      slotProps={ariaLabel ? { htmlInput: { 'aria-label': ariaLabel } } : undefined}
    >
      {roles.map((role) => (
        <MenuItem key={role.id} value={role.id}>
          {role.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
