/**
 * The answer to OPTIONS on an entity's list or record, as Django REST framework's SimpleMetadata
 * gives it: the view's name, the media types it renders and parses, and, under `actions`, each
 * field of the write the caller may make (POST on the list, PUT on a record) with its type, rules
 * and label in the request's language. Clients build forms or check payloads from it.
 */
import { resourceLabels } from '../../../i18n/resources/index.ts';
import type { Locale } from '../../../schemas/constants.ts';
import type { EntitySchema, FieldSpec, FieldType } from '../../../schemas/entity.ts';

/** DRF's names for the field types (`rest_framework.metadata.SimpleMetadata.label_lookup`). */
const DRF_TYPES: Record<FieldType, string> = {
  id: 'integer',
  string: 'string',
  text: 'string',
  email: 'email',
  url: 'url',
  phone: 'string',
  idComp: 'string',
  siret: 'string',
  username: 'string',
  password: 'string',
  integer: 'integer',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  choice: 'choice',
  reference: 'field',
  references: 'field',
  codes: 'list',
  tags: 'list',
  image: 'image upload',
  file: 'file upload',
  bbox: 'list',
  keyValues: 'list',
  json: 'json',
};

export interface FieldMetadata {
  type: string;
  required: boolean;
  read_only: boolean;
  label: string;
  max_length?: number;
  choices?: { value: string | number; display_name: string }[];
}

export interface ViewMetadata {
  name: string;
  description: string;
  renders: string[];
  parses: string[];
  actions?: Partial<Record<'POST' | 'PUT', Record<string, FieldMetadata>>>;
}

interface Labels {
  name?: string;
  fields?: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
}

/** "Contact |||| Contacts" → the singular or the plural. */
const nameOf = (labels: Labels, plural: boolean) => {
  const forms = (labels.name ?? '').split('||||').map((form) => form.trim());
  return (plural ? forms[1] : undefined) ?? forms[0];
};

function fieldMetadata(name: string, spec: FieldSpec, labels: Labels): FieldMetadata {
  const metadata: FieldMetadata = {
    type: DRF_TYPES[spec.type],
    required: !!spec.required && !spec.readOnly,
    read_only: !!spec.readOnly,
    label: labels.fields?.[name] ?? name,
  };
  if (spec.maxLength !== undefined && DRF_TYPES[spec.type] !== 'list') metadata.max_length = spec.maxLength;
  // Fixed choices are labelled by the catalogue; a start-up list's are served by its own endpoint.
  if (Array.isArray(spec.choices)) {
    metadata.choices = spec.choices.map((value) => ({ value, display_name: labels.choices?.[name]?.[String(value)] ?? String(value) }));
  }
  return metadata;
}

/** The metadata of a list (`record` false) or a record, with the fields of `write` when given. */
export function viewMetadata(schema: EntitySchema, locale: Locale, record: boolean, write: 'POST' | 'PUT' | null): ViewMetadata {
  const labels = (resourceLabels(locale)[schema.resource] ?? {}) as Labels;
  const metadata: ViewMetadata = {
    name: nameOf(labels, !record),
    description: '',
    renders: ['application/json'],
    parses: ['application/json', 'application/x-www-form-urlencoded'],
  };
  if (write) {
    metadata.actions = { [write]: Object.fromEntries(Object.entries(schema.fields).map(([name, spec]) => [name, fieldMetadata(name, spec, labels)])) };
  }
  return metadata;
}
