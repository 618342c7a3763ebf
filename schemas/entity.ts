/**
 * The shape of an entity schema: one declaration per entity (schemas/<entity>.ts) that drives
 * both halves of the product.
 *
 * - The admin app builds its react-admin List / Create / Edit views from it: columns, inputs,
 *   filters with their defaults, orderings, page size, required fields and messages.
 * - The server builds its validation (the same yup object), its filter and ordering whitelist
 *   and its search from it; only the SQL mapping of each field lives on the server.
 *
 * Labels are never written here: they come from the catalogues, `resources.<resource>.fields.<field>`
 * and `resources.<resource>.name`.
 */
import { array, boolean, mixed, number, object, string, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import type { Section } from './access.ts';
import { emailString, idCompString, optionalUrl, phoneString, sanitizeText, VALIDATION_MESSAGES } from './validators.ts';

export type FieldType =
  | 'id'
  | 'string' // one line of plain text
  | 'text' // several lines of plain text
  | 'email'
  | 'url'
  | 'phone'
  | 'idComp'
  | 'password' // write-only
  | 'integer'
  | 'boolean'
  | 'date' // yyyy-mm-dd
  | 'datetime' // ISO 8601
  | 'choice' // one value among `choices`
  | 'reference' // the id of a record of `reference`
  | 'references' // ids of records of `reference`
  | 'codes' // a list of short strings (INSEE codes)
  | 'image' // URL of an image uploaded through its own endpoint (read-only here)
  | 'file' // URL of a file uploaded through its own endpoint (read-only here)
  | 'bbox' // [lon, lat, lon, lat], computed by the server
  | 'json'; // structured value shown as is (read-only)

/** The start-up lists the app loads once (spec, section 4) and the server answers. */
export type ChoiceList = 'userStatuses' | 'usergroupStatuses' | 'roles';

export interface FieldSpec {
  type: FieldType;
  /** Must be given and not empty ('validation.required'). */
  required?: boolean;
  /** Set by the server (ids, dates, counts): shown, never accepted in writes. */
  readOnly?: boolean;
  /** Accepted in writes, never returned (passwords). */
  writeOnly?: boolean;
  maxLength?: number;
  /** For 'choice': a start-up list, or fixed values labelled `resources.<resource>.choices.<field>.<id>`. */
  choices?: ChoiceList | readonly (string | number)[];
  /** For 'reference' and 'references': the resource the ids belong to. */
  reference?: string;
  /** Value of a new record's field. */
  default?: unknown;
}

export type Fields = Record<string, FieldSpec>;

/** The entry link of an entity's screens, on its section's page (Data or Accounts). */
export interface NavSpec {
  section: Section;
  /** Position among the section's links, smallest first; then the order of ENTITIES. */
  order?: number;
}

export interface FilterSpec<F extends Fields> {
  /** The field filtered, or a filter of its own (declared by the server mapping) when absent. */
  field?: keyof F & string;
  /** 'exact' sends `name=value`; 'in' sends `name__in=a,b`. */
  lookup: 'exact' | 'in';
  type: 'integer' | 'string' | 'boolean';
  choices?: ChoiceList | readonly (string | number)[];
  reference?: string;
  /** Applied when the list opens; the user can change it. */
  default?: unknown;
  /** Shown next to the search box rather than behind the filter button. */
  alwaysOn?: boolean;
}

export interface ListSpec<F extends Fields> {
  /** Columns shown by default, in order; people can hide and reorder them. */
  columns: (keyof F & string)[];
  /** A search box, matched by the server on its search columns. */
  search: boolean;
  filters: Record<string, FilterSpec<F>>;
  /** Fields the list can be ordered by (`ordering=field` / `-field`). */
  orderable: (keyof F & string)[];
  defaultOrdering: string[];
  pageSize: number;
}

export interface EntitySchema<F extends Fields = Fields> {
  /** react-admin resource name; also the catalogue key `resources.<resource>`. */
  resource: string;
  /** API path under `/{locale}/`, without slashes at the ends: 'usergroup/users'. */
  endpoint: string;
  /** App path under `/publish/{locale}/`, without slashes at the ends: 'accounts/users'. */
  route: string;
  /** Field naming a record in references, titles and confirmations. */
  recordRepresentation: keyof F & string;
  fields: F;
  list: ListSpec<F>;
  /** Fields of the create and edit forms, in order (read-only ones are shown on edit only). */
  form: (keyof F & string)[];
  /** Query parameters every call carries, for entities that share an endpoint (groups, spheres). */
  fixedFilters?: Record<string, string | number>;
  /**
   * Where the screens' entry link lives: the section's page lists it, for users who may open the
   * section (schemas/access.ts `SECTION_ACCESS`), which also guards the screens. Without it the
   * screens belong to the section their route starts with ('data/…' or else 'accounts') and are
   * reached from elsewhere (the Accounts overview links users, organisations, groups, spheres, contacts).
   */
  nav?: NavSpec;
}

/**
 * Declares an entity. Field names in columns, filters, orderings and the form are checked against
 * `fields` while declaring; the result is the plain EntitySchema every consumer reads (field-name
 * types make schemas invariant, so they would not fit in one list otherwise).
 */
export function defineEntity<F extends Fields>(schema: EntitySchema<F>): EntitySchema {
  const filtered = Object.values(schema.list.filters).flatMap((filter) => (filter.field ? [filter.field] : []));
  for (const name of [...schema.list.columns, ...schema.list.orderable, ...schema.form, ...filtered]) {
    if (!(name in schema.fields)) throw new Error(`${schema.resource}: unknown field "${name}"`);
  }
  return schema as unknown as EntitySchema;
}

const sanitizedString = () => string().transform((value: unknown) => (typeof value === 'string' ? sanitizeText(value) : value));

function fieldValidator(spec: FieldSpec): Schema {
  const required = !!spec.required;
  let schema: Schema;
  switch (spec.type) {
    case 'email':
      return emailString({ required }).nullable();
    case 'url':
      schema = optionalUrl().nullable();
      break;
    case 'phone':
      return phoneString({ required }).nullable();
    case 'idComp':
      return idCompString({ required }).nullable();
    case 'string':
    case 'text':
    case 'password': {
      let text = (spec.type === 'password' ? string() : sanitizedString()).nullable();
      if (spec.maxLength) text = text.max(spec.maxLength, VALIDATION_MESSAGES.maxLength);
      schema = text;
      break;
    }
    case 'integer':
    case 'reference':
      schema = number().typeError(VALIDATION_MESSAGES.invalid).integer(VALIDATION_MESSAGES.invalid).nullable();
      break;
    case 'boolean':
      schema = boolean().typeError(VALIDATION_MESSAGES.invalid).nullable();
      break;
    case 'date':
    case 'datetime':
      schema = string()
        .nullable()
        .test('date', VALIDATION_MESSAGES.invalid, (value) => value == null || value === '' || !Number.isNaN(Date.parse(value)));
      break;
    case 'choice':
      schema = mixed()
        .nullable()
        .test('choice', VALIDATION_MESSAGES.invalid, (value) =>
          value == null || !Array.isArray(spec.choices) || (spec.choices as readonly unknown[]).includes(value),
        );
      break;
    case 'references':
      schema = array(number().typeError(VALIDATION_MESSAGES.invalid).integer(VALIDATION_MESSAGES.invalid).required(VALIDATION_MESSAGES.invalid))
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable();
      break;
    case 'codes':
      schema = array(sanitizedString().typeError(VALIDATION_MESSAGES.invalid).required(VALIDATION_MESSAGES.invalid))
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable();
      break;
    default:
      schema = mixed().nullable();
  }
  if (!required) return schema;
  if (spec.type === 'references' || spec.type === 'codes') {
    return (schema as ReturnType<typeof array>).required(VALIDATION_MESSAGES.required).min(1, VALIDATION_MESSAGES.required);
  }
  return schema.required(VALIDATION_MESSAGES.required);
}

/** The fields a client may write: not read-only, present in the form. */
export function writableFields<F extends Fields>(entity: EntitySchema<F>): (keyof F & string)[] {
  return entity.form.filter((name) => !entity.fields[name].readOnly);
}

/**
 * The yup object validating a write. `partial` (PATCH) checks only the fields given. Messages are
 * catalogue keys ('validation.required'), translated by whoever shows them.
 */
export function writeValidator<F extends Fields>(entity: EntitySchema<F>, options: { partial?: boolean } = {}): ObjectSchema<AnyObject> {
  const shape: Record<string, Schema> = {};
  for (const name of writableFields(entity)) {
    const validator = fieldValidator(entity.fields[name]);
    shape[name] = options.partial ? validator.optional() : validator;
  }
  return object(shape).noUnknown(false);
}

/** Default values of a new record. */
export function defaultValues<F extends Fields>(entity: EntitySchema<F>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(entity.fields)) {
    if (spec.default !== undefined) values[name] = spec.default;
  }
  return values;
}

/** Default filter values of a list. */
export function defaultFilters<F extends Fields>(entity: EntitySchema<F>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(entity.list.filters)) {
    if (filter.default !== undefined) values[name] = filter.default;
  }
  return values;
}
