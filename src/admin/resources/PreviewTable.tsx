/** The first rows of a file, under their columns: the wizard's preview of a table or of a layer. */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const L = 'resources.dataset-resources';

export function PreviewTable({ columns, rows }: { columns: readonly string[]; rows: ReadonlyArray<ReadonlyArray<string | null>> }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {translate(`${L}.steps.preview`)}
      </Typography>
      <Table size="small" aria-label={translate(`${L}.steps.preview`)}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, cellIndex) => (
                <TableCell key={cellIndex}>{cell ?? ''}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
