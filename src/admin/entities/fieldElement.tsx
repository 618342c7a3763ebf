/**
 * How a schema field is shown, by type: in list columns and as the read-only fields of an edit
 * page. Labels come from the catalogue (`resources.<resource>.fields.<field>`).
 */
import type { ReactElement } from 'react';
import { Link } from '@mui/material';
import {
  BooleanField,
  ChipField,
  EmailField,
  FunctionField,
  ImageField,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  SingleFieldList,
  TextField,
  UrlField,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FieldSpec } from '../../../schemas/entity.ts';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { LocaleNumberField } from '../fields/LocaleNumberField.tsx';
import { PhoneField } from '../fields/PhoneField.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { entityOf, entityPaths, hasScreens } from './registry.ts';
import { useChoices } from './useChoices.ts';

export interface FieldElementOptions {
  /** Lists show dates without their time. */
  inList?: boolean;
  sortable?: boolean;
}

function ChoiceField({ source, resource, spec }: { source: string; resource: string; spec: FieldSpec; sortable?: boolean }) {
  const choices = useChoices(resource, source, spec.choices);
  return <SelectField source={source} choices={choices} optionText="label" />;
}

/** A link to the referenced record's edit page when it has one. */
function useReferenceLink(reference: string) {
  const appPath = useAppPath();
  if (!hasScreens(reference)) return false as const;
  const paths = entityPaths(entityOf(reference));
  return (record: RaRecord) => appPath(paths.edit(record.id));
}

function EntityReferenceField({ source, reference }: { source: string; reference: string; sortable?: boolean }) {
  const link = useReferenceLink(reference);
  return <ReferenceField source={source} reference={reference} link={link} emptyText="—" />;
}

function EntityReferenceArrayField({ source, reference }: { source: string; reference: string; sortable?: boolean }) {
  return (
    <ReferenceArrayField source={source} reference={reference}>
      {/* None: a dash, as an empty reference shows, rather than a label over nothing. */}
      <SingleFieldList linkType={false} empty={<span>—</span>}>
        <ChipField source={entityOf(reference).recordRepresentation} />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}

function FileLinkField({ source }: { source: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const url = record?.[source];
  if (!url) return <span>—</span>;
  return (
    <Link href={url} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
      {translate('publish.entities.openFile')}
    </Link>
  );
}

/** An address or e-mail as a link; nothing when empty, rather than a link without a name that leads nowhere. */
function LinkOrNothingField({ kind, ...props }: { kind: 'url' | 'email'; source: string; sortable?: boolean }) {
  const record = useRecordContext();
  if (!record?.[props.source]) return <span />;
  return kind === 'email' ? (
    <EmailField {...props} onClick={(event) => event.stopPropagation()} />
  ) : (
    <UrlField {...props} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()} />
  );
}

function CodesField({ source }: { source: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source];
  return <span>{Array.isArray(value) && value.length > 0 ? value.join(', ') : '—'}</span>;
}

/** The element showing `name` of `resource`; null for values that are not shown (write-only). */
export function fieldElement(resource: string, name: string, options: FieldElementOptions = {}): ReactElement | null {
  const spec = entityOf(resource).fields[name];
  const common = { source: name, sortable: options.sortable ?? false };
  switch (spec.type) {
    case 'password':
    case 'json':
    case 'keyValues':
      return null;
    case 'email':
    case 'url':
      return <LinkOrNothingField key={name} {...common} kind={spec.type} />;
    case 'phone':
      return <PhoneField key={name} {...common} />;
    case 'integer':
      return <LocaleNumberField key={name} {...common} />;
    case 'boolean':
      return <BooleanField key={name} {...common} looseValue />;
    // No date: a dash, as an empty reference shows, rather than a label over nothing.
    case 'date':
      return <LocaleDateField key={name} {...common} emptyText="—" />;
    case 'datetime':
      return <LocaleDateField key={name} {...common} showTime={!options.inList} emptyText="—" />;
    case 'choice':
      return <ChoiceField key={name} {...common} resource={resource} spec={spec} />;
    case 'reference':
      return <EntityReferenceField key={name} {...common} reference={spec.reference!} />;
    case 'references':
      return <EntityReferenceArrayField key={name} {...common} reference={spec.reference!} />;
    case 'image':
      return <ImageField key={name} {...common} sx={{ '& img': { maxWidth: 64, maxHeight: 48, objectFit: 'contain' } }} />;
    case 'file':
      return <FileLinkField key={name} {...common} />;
    case 'codes':
    case 'tags':
      return <CodesField key={name} {...common} />;
    case 'bbox':
      return <FunctionField key={name} {...common} render={(record: RaRecord) => (record[name] ?? []).join(', ')} />;
    default:
      return <TextField key={name} {...common} />;
  }
}
