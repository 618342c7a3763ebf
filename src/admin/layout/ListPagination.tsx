import { Pagination, useListContext, useLocaleState, useTranslate, type PaginationProps } from 'react-admin';

/**
 * A list's pagination: when the server capped the list's count (datasets with a search or
 * filters), the range reads "1-20 of more than 1,000" and the next button follows the pages.
 * A list whose last call failed shows no range.
 */
export function ListPagination(props: PaginationProps) {
  const { meta, error } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // After a failed call the list context still holds the previous answer's total: no range is better than a wrong one.
  if (error) return null;
  const capped = (meta as { countCapped?: number } | undefined)?.countCapped;
  if (capped === undefined) return <Pagination {...props} />;
  // Passed on to MUI's TablePagination, whose label it replaces.
  const label = { labelDisplayedRows: ({ from, to }: { from: number; to: number }) => translate('publish.entities.moreThan', { from, to, total: capped.toLocaleString(locale) }) };
  return <Pagination {...props} {...label} />;
}
