import { Button } from '@mui/material';
import { LinkBase } from 'react-admin';

export interface NavEntryProps {
  to: string;
  label: string;
  /** The user may open this page. */
  allowed: boolean;
  /** This page is the one shown. */
  current: boolean;
}

/** A header entry: a link, or a disabled button when not allowed or already shown. */
export function NavEntry({ to, label, allowed, current }: NavEntryProps) {
  if (!allowed || current) {
    return (
      <Button color="inherit" disabled aria-current={current ? 'page' : undefined} sx={{ '&.Mui-disabled': { color: 'inherit', opacity: current ? 1 : 0.5 }, fontWeight: current ? 700 : 400 }}>
        {label}
      </Button>
    );
  }
  return (
    <Button color="inherit" component={LinkBase} to={to}>
      {label}
    </Button>
  );
}
