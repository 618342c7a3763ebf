/** The datasets whose parent this one is (those the user may see), each a link to its page. */
import { useEffect, useState } from 'react';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { useEntityPaths } from '../entities/useEntityPaths.ts';
import { datasetsApi } from './datasetsApi.ts';

export function DatasetChildren() {
  const record = useRecordContext();
  const translate = useTranslate();
  const paths = useEntityPaths('datasets');
  const notifyError = useNotifyError();
  const [children, setChildren] = useState<RaRecord[] | null>(null);
  const id = record?.id as number | undefined;
  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    datasetsApi.children(id, controller.signal).then(
      (page) => setChildren(page.results),
      (error: unknown) => notifyError(error, { resource: 'datasets' }),
    );
    return () => controller.abort();
  }, [id, notifyError]);
  if (id === undefined) return null;
  const field = (name: string) => translate(`resources.datasets.fields.${name}`);
  return (
    <PanelCard id="dataset-children" title={translate('resources.datasets.children.title')}>
      {children && children.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.datasets.children.none')}
        </Typography>
      )}
      {children && children.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{field('display_name')}</TableCell>
              <TableCell>{field('created_at')}</TableCell>
              <TableCell>{field('publish')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {children.map((child) => (
              <TableRow key={child.id}>
                <TableCell>
                  <Link component={RouterLink} to={paths.edit(child.id)}>
                    {child.display_name}
                  </Link>
                </TableCell>
                <TableCell>
                  <LocaleDateField record={child} source="created_at" />
                </TableCell>
                <TableCell>{translate(child.publish === false ? 'resources.datasets.children.unpublished' : 'resources.datasets.children.published')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PanelCard>
  );
}
