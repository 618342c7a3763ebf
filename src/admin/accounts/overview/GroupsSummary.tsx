/** Organisations and groups: counts of organisations, user groups and spheres, with links. */
import { Stack } from '@mui/material';
import { groups, organisations, spheres } from '../../../../schemas/index.ts';
import { entityPaths } from '../../entities/registry.ts';
import { CountLink } from './CountLink.tsx';

export function GroupsSummary() {
  return (
    <Stack spacing={1}>
      <CountLink
        resource="organisations"
        count="publish.accounts.organisationCount"
        link="publish.accounts.manageOrganisations"
        to={entityPaths(organisations).list}
      />
      <CountLink resource="groups" count="publish.accounts.groupCount" link="publish.accounts.manageGroups" to={entityPaths(groups).list} />
      <CountLink resource="spheres" count="publish.accounts.sphereCount" link="publish.accounts.manageSpheres" to={entityPaths(spheres).list} />
    </Stack>
  );
}
