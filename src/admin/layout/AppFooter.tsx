import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function AppFooter() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {translate('publish.footer.poweredBy')}
      </Typography>
    </Box>
  );
}
