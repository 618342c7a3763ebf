import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { defaultFilters } from '../../../../schemas/entity.ts';
import { entityOf } from '../../entities/registry.ts';
import { useAppPath } from '../../routing/useAppPath.ts';

export interface CountLinkProps {
  resource: string;
  /** The records counted; by default those the linked list shows first (its default filters). */
  filter?: Record<string, unknown>;
  /** Catalogue key of the count, with %{smart_count}. */
  count: string;
  /** Catalogue key of the link and its path under /{locale}/. */
  link: string;
  to: string;
}

/** "12 active users — Manage users": a count of a list and a link to it. */
export function CountLink({ resource, filter, count, link, to }: CountLinkProps) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const { total } = useGetList(resource, { filter: filter ?? defaultFilters(entityOf(resource)), pagination: { page: 1, perPage: 1 } });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
      <Typography>{total === undefined ? '…' : translate(count, { smart_count: total })}</Typography>
      <Link component={RouterLink} to={appPath(to)}>
        {translate(link)}
      </Link>
    </Stack>
  );
}
