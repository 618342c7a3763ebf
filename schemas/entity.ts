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
import { array, boolean, mixed, number, object, string, type AnyObject, type ObjectSchema, type Schema, type StringSchema } from 'yup';
import type { Section } from './access.ts';
import { booleanInput, emailString, idCompString, optionalUrl, phoneString, sanitizeText, scalarOnly, siretString, usernameString, VALIDATION_MESSAGES } from './validators.ts';

export type FieldType =
  | 'id'
  | 'string' // one line of plain text
  | 'text' // several lines of plain text
  | 'email'
  | 'url'
  | 'phone'
  | 'idComp'
  | 'siret' // a French establishment number: 14 digits passing the Luhn check (SIRET)
  | 'username' // letters, digits and @ . + - _ (USERNAME_PATTERN)
  | 'password' // write-only
  | 'integer'
  | 'boolean'
  | 'date' // yyyy-mm-dd
  | 'datetime' // ISO 8601
  | 'choice' // one value among `choices`
  | 'reference' // the id of a record of `reference`
  | 'references' // ids of records of `reference`
  | 'codes' // a list of short strings (INSEE codes)
  | 'tags' // a list of free keywords, each at most `maxLength` characters, duplicates (any case) dropped
  | 'image' // URL of an image uploaded through its own endpoint (read-only here)
  | 'file' // URL of a file uploaded through its own endpoint (read-only here)
  | 'bbox' // [lon, lat, lon, lat]: computed by the server when read-only, else four numbers or null
  | 'keyValues' // a list of {key, value} strings (a dataset's extras)
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
  /** The tab of the form holding the field, one of the entity's `formTabs`; without it, above the tabs. */
  tab?: string;
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
  /**
   * The form's tabs, in order, labelled `resources.<resource>.tabs.<tab>`: each field of the form
   * names its own (`tab`); a screen may add panels to a tab, and a tab with neither is not shown.
   */
  formTabs?: readonly string[];
  /**
   * Fields the form requires on top of the fields' own `required` (which the server enforces): a
   * saved record may leave them empty, and `unfilledFields` lists those it does.
   */
  formRequired?: (keyof F & string)[];
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
  for (const name of [...schema.list.columns, ...schema.list.orderable, ...schema.form, ...filtered, ...(schema.formRequired ?? [])]) {
    if (!(name in schema.fields)) throw new Error(`${schema.resource}: unknown field "${name}"`);
  }
  for (const [name, spec] of Object.entries(schema.fields)) {
    if (spec.tab !== undefined && !schema.formTabs?.includes(spec.tab)) throw new Error(`${schema.resource}: unknown tab "${spec.tab}" of "${name}"`);
  }
  return schema as unknown as EntitySchema;
}

const sanitizedString = () => scalarOnly(string().transform((value: unknown) => (typeof value === 'string' ? sanitizeText(value) : value)));
/** The largest value of the database's integer columns (ids, years, counts). */
const INTEGER_MAX = 2_147_483_647;
/**
 * An integer given as a number or as a string of digits (DRF's IntegerField and
 * PrimaryKeyRelatedField), within the integer columns' range: no id or count lies beyond it.
 */
const integerInput = () =>
  scalarOnly(number().integer(VALIDATION_MESSAGES.invalid).min(-INTEGER_MAX - 1, VALIDATION_MESSAGES.invalid).max(INTEGER_MAX, VALIDATION_MESSAGES.invalid));
/** An empty date is no date: a cleared date input sends ''. A required date then asks for one. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

function withMaxLength(schema: StringSchema<string | null | undefined>, spec: FieldSpec): Schema {
  return spec.maxLength ? schema.max(spec.maxLength, VALIDATION_MESSAGES.maxLength) : schema;
}

function fieldValidator(spec: FieldSpec): Schema {
  const required = !!spec.required;
  let schema: Schema;
  switch (spec.type) {
    // Formats with a rule of their own, and the declared length of each.
    case 'email':
      return withMaxLength(emailString({ required }), spec);
    case 'url':
      schema = optionalUrl().nullable();
      break;
    case 'phone':
      return withMaxLength(phoneString({ required }), spec);
    case 'idComp':
      return withMaxLength(idCompString({ required }), spec);
    case 'siret':
      return siretString({ required });
    case 'username':
      return withMaxLength(usernameString({ required }), spec);
    case 'string':
    case 'text':
    case 'password': {
      // A password is taken as given: never trimmed, and anything but a string (0, false) is refused, not converted.
      let text = (spec.type === 'password' ? string().strict(true).typeError(VALIDATION_MESSAGES.passwordType) : sanitizedString()).nullable();
      if (spec.maxLength) text = text.max(spec.maxLength, VALIDATION_MESSAGES.maxLength);
      schema = text;
      break;
    }
    case 'integer':
    case 'reference':
      schema = integerInput().nullable();
      break;
    case 'boolean':
      schema = booleanInput(boolean()).nullable();
      break;
    case 'date':
      schema = scalarOnly(string())
        .nullable()
        .transform(emptyAsNull)
        .test('date', VALIDATION_MESSAGES.date, (value) => value == null || isIsoDate(value));
      break;
    case 'datetime':
      schema = scalarOnly(string())
        .nullable()
        .transform(emptyAsNull)
        .test('date', VALIDATION_MESSAGES.invalid, (value) => value == null || !Number.isNaN(Date.parse(value)));
      break;
    case 'choice':
      schema = mixed()
        .nullable()
        .test('choice', VALIDATION_MESSAGES.invalid, (value) =>
          value == null || !Array.isArray(spec.choices) || (spec.choices as readonly unknown[]).includes(value),
        );
      break;
    case 'references':
      schema = array(integerInput().required(VALIDATION_MESSAGES.invalid))
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable();
      break;
    case 'codes':
      schema = array(sanitizedString().typeError(VALIDATION_MESSAGES.invalid).required(VALIDATION_MESSAGES.invalid))
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable();
      break;
    case 'tags': {
      let tag = sanitizedString().typeError(VALIDATION_MESSAGES.invalid).required(VALIDATION_MESSAGES.invalid);
      if (spec.maxLength) tag = tag.max(spec.maxLength, VALIDATION_MESSAGES.maxLength);
      schema = array(tag)
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable()
        .transform((value: unknown) => (Array.isArray(value) ? uniqueTags(value) : value));
      break;
    }
    case 'keyValues':
      schema = array(
        object({
          key: sanitizedString().typeError(VALIDATION_MESSAGES.invalid).required(VALIDATION_MESSAGES.required).max(255, VALIDATION_MESSAGES.maxLength),
          value: sanitizedString().typeError(VALIDATION_MESSAGES.invalid).nullable().max(5000, VALIDATION_MESSAGES.maxLength),
        })
          .noUnknown(true, VALIDATION_MESSAGES.invalid)
          .typeError(VALIDATION_MESSAGES.invalid),
      )
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable();
      break;
    case 'bbox':
      schema = array(scalarOnly(number()).required(VALIDATION_MESSAGES.invalid))
        .typeError(VALIDATION_MESSAGES.invalid)
        .nullable()
        .test('bbox', VALIDATION_MESSAGES.invalid, (value) => value == null || isBbox(value));
      break;
    default:
      schema = mixed().nullable();
  }
  if (!required) return schema;
  if (spec.type === 'references' || spec.type === 'codes' || spec.type === 'tags') {
    return (schema as ReturnType<typeof array>).required(VALIDATION_MESSAGES.required).min(1, VALIDATION_MESSAGES.required);
  }
  return schema.required(VALIDATION_MESSAGES.required);
}

/** True for a real calendar date written YYYY-MM-DD (the Gregorian calendar has no year 0). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** [min lon, min lat, max lon, max lat] in WGS 84 degrees. */
function isBbox(value: unknown[]): boolean {
  if (value.length !== 4 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [minLon, minLat, maxLon, maxLat] = value as number[];
  return minLon >= -180 && maxLon <= 180 && minLat >= -90 && maxLat <= 90 && minLon <= maxLon && minLat <= maxLat;
}

/** Keywords without blanks and without duplicates, ignoring case (the first spelling wins). */
function uniqueTags(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    if (typeof value !== 'string') return true;
    const key = value.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The fields a client may write: not read-only, present in the form. */
export function writableFields<F extends Fields>(entity: EntitySchema<F>): (keyof F & string)[] {
  return entity.form.filter((name) => !entity.fields[name].readOnly);
}

/**
 * The yup object validating a write. `partial` (PATCH) checks only the fields given. Messages are
 * catalogue keys ('validation.required'), translated by whoever shows them.
 */
export function writeValidator<F extends Fields>(
  entity: EntitySchema<F>,
  options: { partial?: boolean; form?: boolean } = {},
): ObjectSchema<AnyObject> {
  const shape: Record<string, Schema> = {};
  const formRequired = new Set<string>(options.form ? entity.formRequired ?? [] : []);
  for (const name of writableFields(entity)) {
    const spec = entity.fields[name];
    const validator = fieldValidator(formRequired.has(name) ? { ...spec, required: true } : spec);
    shape[name] = options.partial ? validator.optional() : validator;
  }
  return object(shape).noUnknown(false);
}

function isEmpty(value: unknown): boolean {
  return value == null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The form's required fields (`required` and `formRequired`) a record leaves empty, in form order. */
export function unfilledFields<F extends Fields>(entity: EntitySchema<F>, record: Record<string, unknown>): (keyof F & string)[] {
  const formRequired = new Set<string>(entity.formRequired ?? []);
  return entity.form.filter((name) => (entity.fields[name].required || formRequired.has(name)) && isEmpty(record[name]));
}

/** The form's fields in the tab `tab` (undefined: those above the tabs), in form order. */
export function tabFields<F extends Fields>(entity: EntitySchema<F>, tab: string | undefined): (keyof F & string)[] {
  return entity.form.filter((name) => entity.fields[name].tab === tab);
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
