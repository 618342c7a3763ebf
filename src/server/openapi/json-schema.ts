/**
 * JSON Schema (OpenAPI 3.1) of the entities, from the same declarations that build their yup
 * validators (schemas/entity.ts): each field's type, `required`, `maxLength`, choices, read-only
 * and write-only flags. A record is what the API answers; a write what it accepts (PATCH: the
 * same, nothing required).
 */
import { writableFields, type EntitySchema, type FieldSpec } from '../../../schemas/entity.ts';
import { USERNAME_PATTERN } from '../../../schemas/validators.ts';
import { CHOICE_LISTS } from '../crud/validation.ts';

export type JsonSchema = Record<string, unknown>;

const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return schema;
};

/** The JSON Schema of one field's value. */
export function fieldJsonSchema(spec: FieldSpec): JsonSchema {
  let schema: JsonSchema;
  const length = spec.maxLength ? { maxLength: spec.maxLength } : {};
  switch (spec.type) {
    case 'id':
    case 'integer':
    case 'reference':
      schema = { type: 'integer' };
      break;
    case 'boolean':
      schema = { type: 'boolean' };
      break;
    case 'date':
      schema = { type: 'string', format: 'date' };
      break;
    case 'datetime':
      schema = { type: 'string', format: 'date-time' };
      break;
    case 'email':
      schema = { type: 'string', format: 'email', ...length };
      break;
    case 'url':
    case 'image':
    case 'file':
      schema = { type: 'string', format: 'uri-reference' };
      break;
    case 'choice': {
      // A named list (roles, statuses) is the one the server checks a write against.
      const choices = Array.isArray(spec.choices) ? (spec.choices as readonly (string | number)[]) : CHOICE_LISTS[spec.choices as string];
      schema = choices ? { enum: [...choices, ...(spec.required ? [] : [null])] } : { type: 'integer' };
      break;
    }
    case 'references':
      schema = { type: 'array', items: { type: 'integer' } };
      break;
    case 'codes':
      schema = { type: 'array', items: { type: 'string' } };
      break;
    case 'tags':
      schema = { type: 'array', items: { type: 'string', ...length } };
      break;
    case 'bbox':
      schema = { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4, description: '[min lon, min lat, max lon, max lat]' };
      break;
    case 'keyValues':
      schema = {
        type: 'array',
        items: { type: 'object', properties: { key: { type: 'string', maxLength: 255 }, value: { type: ['string', 'null'], maxLength: 5000 } }, required: ['key'] },
      };
      break;
    case 'json':
      schema = {};
      break;
    case 'username':
      // An ECMAScript pattern with Unicode classes, as JSON Schema 2020-12 reads it.
      schema = { type: 'string', pattern: USERNAME_PATTERN.source, ...length };
      break;
    default:
      schema = { type: 'string', ...length };
  }
  // A required field refuses null as it refuses an empty value; the others take it (cleared). A
  // record always has its id.
  if (spec.type === 'id' || 'enum' in schema || spec.type === 'json' || spec.required) return withFlags(schema, spec);
  return withFlags(nullable(schema), spec);
}

function withFlags(schema: JsonSchema, spec: FieldSpec): JsonSchema {
  return {
    ...schema,
    ...(spec.readOnly ? { readOnly: true } : {}),
    ...(spec.writeOnly ? { writeOnly: true } : {}),
    ...(spec.reference ? { description: `id of ${spec.type === 'references' ? 'records' : 'a record'} of ${spec.reference}` } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
  };
}

/** A record as the API answers it: every field but the write-only ones, each always present (null when empty). */
export function recordJsonSchema(entity: EntitySchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, spec] of Object.entries(entity.fields)) if (!spec.writeOnly) properties[name] = fieldJsonSchema(spec);
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** A write's body: the writable fields, the required ones required unless `partial` (PATCH). */
export function writeJsonSchema(entity: EntitySchema, partial: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const name of writableFields(entity)) {
    const spec = entity.fields[name];
    properties[name] = fieldJsonSchema(spec);
    // A required list takes one item at least (an empty list is an empty value), in a PATCH too.
    if (spec.required && (spec.type === 'references' || spec.type === 'codes' || spec.type === 'tags')) properties[name].minItems = 1;
    if (spec.required && !partial) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Some fields of an entity, as a write gives them (nothing required): for a body that takes them besides its own. */
export function fieldsJsonSchema(entity: EntitySchema, names: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [name, fieldJsonSchema(entity.fields[name])]));
}

/** The `ordering` values of a list: each orderable name, both ways. */
export function orderingValues(names: readonly string[]): string[] {
  return names.flatMap((name) => [name, `-${name}`]);
}
