import { useGetManyAggregate } from 'react-admin';
import { entityOf } from '../entities/registry.ts';

/** The name of a record of `reference` (its id while loading, or when the user cannot see it). */
export function ReferenceName({ reference, id }: { reference: string; id: unknown }) {
  const { data } = useGetManyAggregate(reference, { ids: [id as number] }, { enabled: id != null });
  const record = data?.find((item) => item.id === id);
  const name = record?.[entityOf(reference).recordRepresentation];
  return <>{name ? String(name) : `#${String(id)}`}</>;
}
