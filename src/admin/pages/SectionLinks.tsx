import { Link as RouterLink } from 'react-router-dom';
import { Link, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Section } from '../../../schemas/access.ts';
import { entityAccess, entityPaths, navEntities } from '../entities/registry.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';

/** The entry links of a section's entities (schemas' `nav`), those the user may open; nothing when none. */
export function SectionLinks({ section }: { section: Section }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const { user } = useStartup();
  const entities = navEntities(section).filter((entity) => !!user && entityAccess(entity)(user));
  if (entities.length === 0) return null;
  const id = `${section}-lists`;
  return (
    <nav aria-labelledby={id}>
      <Typography variant="h5" component="h2" id={id} gutterBottom>
        {translate('publish.sections.lists')}
      </Typography>
      <List dense disablePadding>
        {entities.map((entity) => (
          <ListItem key={entity.resource} disableGutters>
            <Link component={RouterLink} to={appPath(entityPaths(entity).list)}>
              {translate(`resources.${entity.resource}.name`, { smart_count: 2 })}
            </Link>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
