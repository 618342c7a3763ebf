/** The values the resource form holds, what each type requires (spec, section 5) and what its writes carry. */
import { databaseOf, type MapLayerType, type Resource, type ResourceType, type ResourceWrite, type Source, type SourceWrite } from './resourcesApi.ts';

export interface WizardValues {
  display_name: string;
  description: string;
  /** Not shown to the public by the data portal. */
  hidden: boolean;
  dataformat_id: number | '';
  href: string;
  /** ftp: a value of the usergroup's sFTP choices. */
  filename: string;
  /** file-upload: the file to send (optional when changing a resource that has one). */
  file: File | null;
  /** datastore: the database and the table (`schema.table`). */
  database: string;
  table: string;
  /** geoserver: `workspace:layer`, a layer or a layer group. */
  workspace: string;
  layerType: MapLayerType;
  layer: string;
}

export const EMPTY_VALUES: WizardValues = {
  display_name: '',
  description: '',
  hidden: false,
  dataformat_id: '',
  href: '',
  filename: '',
  file: null,
  database: '',
  table: '',
  workspace: '',
  layerType: 'layer',
  layer: '',
};

export type FieldErrors = Partial<Record<string, string>>;

const REQUIRED = 'validation.required';

/** The kinds whose source is made under resource/{kind}/, with a format. */
const SOURCE_KINDS: readonly ResourceType[] = ['file-upload', 'file-download', 'ftp', 'href'];
/** The kinds loaded by their format, which their source always needs (a link's may be recognised when it runs). */
const FORMAT_KINDS: readonly ResourceType[] = ['file-upload', 'ftp'];

/** The fields each type requires before anything is sent (catalogue keys as messages). */
export function validate(type: ResourceType, values: WizardValues, creating: boolean, newSource = creating): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.display_name.trim()) errors.display_name = REQUIRED;
  // A new source of a file or a link says its format, and a file's keeps one: it is loaded by it.
  if ((newSource ? SOURCE_KINDS : FORMAT_KINDS).includes(type) && values.dataformat_id === '') errors.dataformat_id = REQUIRED;
  if ((type === 'href' || type === 'file-download') && !values.href.trim()) errors.href = REQUIRED;
  if (type === 'ftp' && !values.filename) errors.filename = REQUIRED;
  if (type === 'file-upload' && creating && !values.file) errors.file = REQUIRED;
  if (type === 'datastore' && !values.table) errors.table = REQUIRED;
  if (type === 'geoserver' && !values.layer) errors.layer = REQUIRED;
  return errors;
}

export function resourceWrite(type: ResourceType, values: WizardValues, usergroupId: number): ResourceWrite {
  return { display_name: values.display_name.trim(), description: values.description, type, hidden: values.hidden, usergroup_id: usergroupId };
}

export function sourceWrite(type: ResourceType, values: WizardValues): SourceWrite {
  // No format chosen leaves the source's own (a link's recognised one) as it is, rather than clearing it.
  const format = values.dataformat_id === '' ? {} : { dataformat_id: values.dataformat_id };
  switch (type) {
    case 'file-upload':
      return format;
    case 'file-download':
    case 'href':
      return { ...format, href: values.href.trim() };
    case 'ftp':
      return { ...format, filename: values.filename };
    case 'datastore': {
      const [schema_name, ...table] = values.table.split('.');
      return { schema_name, table_name: table.join('.') };
    }
    case 'geoserver':
      return { name: values.layer, layer_type: values.layerType };
  }
}

/**
 * The form's values for a resource being changed, or resumed: its format is its source's (the
 * resource takes it only once loaded).
 */
export function valuesOf(resource: Pick<Resource, 'display_name' | 'description' | 'hidden' | 'dataformat_id' | 'rel'>, source: Source | null): WizardValues {
  return {
    ...EMPTY_VALUES,
    display_name: resource.display_name,
    description: resource.description ?? '',
    hidden: resource.hidden ?? false,
    dataformat_id: source?.dataformat_id ?? resource.dataformat_id ?? '',
    href: source?.href ?? '',
    filename: source?.filename ?? '',
    database: databaseOf(resource) ?? '',
    table: source?.schema_name && source.table_name ? `${source.schema_name}.${source.table_name}` : '',
    layer: source?.layer_name ?? '',
    layerType: source?.layer_type ?? 'layer',
    workspace: source?.layer_name?.split(':')[0] ?? '',
  };
}
