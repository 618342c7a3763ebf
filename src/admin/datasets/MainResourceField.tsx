/** The name of a dataset's main resource, or a dash while it has none. */
import { useRecordContext } from 'react-admin';

export function MainResourceField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const resource = record?.[source] as { display_name?: string } | null | undefined;
  return <span>{resource?.display_name ?? '—'}</span>;
}
