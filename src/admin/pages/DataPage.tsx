import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { QualitySummary } from '../datasets/QualitySummary.tsx';
import { LatestTasks } from './LatestTasks.tsx';
import { SectionLinks } from './SectionLinks.tsx';

/** The data overview: latest tasks, the datasets' metadata quality (for administrators), and the links to the data lists. */
export default function DataPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {translate('publish.data.title')}
      </Typography>
      <section aria-labelledby="latest-tasks">
        <Typography variant="h5" component="h2" id="latest-tasks" gutterBottom>
          {translate('publish.data.latestTasks')}
        </Typography>
        <LatestTasks />
      </section>
      <QualitySummary />
      <SectionLinks section="data" />
    </Stack>
  );
}
