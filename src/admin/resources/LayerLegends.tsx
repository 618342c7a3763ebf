/**
 * The legends of a dataset's layers on its page: for each resource that is a geographic layer,
 * each of its styles' legend — the same picture as on the layer page (StyleLegend), under the
 * layer's and the style's names. Layers without a style show nothing.
 */
import { Stack, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { layerIdOf, RESOURCE_KEYS, resourcesApi, type Resource } from './resourcesApi.ts';
import { StyleLegend } from './StyleLegend.tsx';

const L = 'resources.geographic-layers';

export function LayerLegends({ resources }: { resources: Resource[] }) {
  const translate = useTranslate();
  const layerIds = [...new Set(resources.map(layerIdOf).filter((id): id is number => id !== null))];
  const layers = useQueries({
    queries: layerIds.map((layerId) => ({ queryKey: RESOURCE_KEYS.layer(layerId), queryFn: ({ signal }: { signal: AbortSignal }) => resourcesApi.layer(layerId, signal) })),
  });
  const styled = layers.flatMap((query) => (query.data && query.data.styles.length > 0 ? [query.data] : []));
  if (styled.length === 0) return null;
  return (
    <section aria-labelledby="dataset-layer-legends">
      <Typography variant="subtitle1" component="h3" id="dataset-layer-legends">
        {translate(`${L}.style.layerLegends`)}
      </Typography>
      <Stack spacing={2}>
        {styled.flatMap((layer) =>
          layer.styles.map((style) => (
            <Stack key={style.id} spacing={0.5}>
              <Typography variant="subtitle2" component="h4">{`${layer.display_name} — ${style.display_name}`}</Typography>
              <StyleLegend style={style.config} label={translate(`${L}.style.legendOf`, { name: `${layer.display_name} — ${style.display_name}` })} />
            </Stack>
          )),
        )}
      </Stack>
    </section>
  );
}
