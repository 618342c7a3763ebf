import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';

/**
 * A titled section under an edit form (members, links, roles). What is wider than the window (a
 * members table on a phone) scrolls within the section, not the whole page sideways.
 */
export function PanelCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ px: 2, pb: 2, minWidth: 0, overflowX: 'auto' }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id={`${id}-title`} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
