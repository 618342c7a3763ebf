import { Pagination } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Page numbers under a panel's own list (react-admin's pagination belongs to <List>), labelled in the app's language. */
export function PageNumbers({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  const translate = useTranslate();
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={page}
      onChange={(_event, value) => onChange(value)}
      getItemAriaLabel={(type, number, selected) =>
        type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: number }) : translate(`ra.navigation.${type}`)
      }
      sx={{ mt: 1 }}
    />
  );
}
