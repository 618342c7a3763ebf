/**
 * Coverage "computed on the data" (spec §5): the union of the boxes of the dataset's geographic
 * resources, main and annexes. It is read from the resources each time rather than copied onto the
 * dataset, so a reloaded, unlinked or deleted resource changes it with nothing to keep in step.
 */

/** A resource linked to dataset `alias` whose data has a box. */
const GEOGRAPHIC_RESOURCES = (alias: string) =>
  `FROM resource_datasets rd JOIN resources r ON r.id = rd.resource_id
    WHERE rd.dataset_id = ${alias}.id AND r.geographic AND r.bbox IS NOT NULL`;

/** The union box as four columns min_lon, min_lat, max_lon, max_lat (all null without any), for a LATERAL join. */
export const computedBoxColumns = (alias: string) =>
  `(SELECT min(r.bbox[1]) AS min_lon, min(r.bbox[2]) AS min_lat, max(r.bbox[3]) AS max_lon, max(r.bbox[4]) AS max_lat
    ${GEOGRAPHIC_RESOURCES(alias)})`;

/** The union box as a JSON array [min_lon, min_lat, max_lon, max_lat], or null without any. */
export const computedBoxJson = (alias: string) =>
  `(SELECT CASE WHEN count(*) = 0 THEN NULL
      ELSE json_build_array(min(r.bbox[1]), min(r.bbox[2]), max(r.bbox[3]), max(r.bbox[4])) END
    ${GEOGRAPHIC_RESOURCES(alias)})`;

/** Whether dataset `$1` has a geographic resource, the condition of the "computed" coverage. */
export const HAS_GEOGRAPHIC_RESOURCE = `SELECT EXISTS (SELECT 1 ${GEOGRAPHIC_RESOURCES('d')}) AS found FROM datasets d WHERE d.id = $1`;
