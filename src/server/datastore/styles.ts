/**
 * A layer style's validation on the server: a GeoStyler style (schemas/styles.ts) rebuilt with only
 * the members the platform draws, its colours #rrggbb (lower case), widths and sizes bounded,
 * opacities 0–1, 1 to MAX_RULES rules, and every column its filters and labels read one of the
 * layer's table. A legacy config (kind simple/classified) is still accepted, checked as before, and
 * upgraded. Errors are keyed by the member's path (`rules.0.symbolizers.1.color`).
 */
import type { Locale } from '../../../schemas/constants.ts';
import { COLOR_PATTERN, filterColumns, isLegacyConfig, labelColumn, legacyToStyle, MARK_SHAPES, MAX_RULES, MAX_SYMBOLIZERS, type Filter, type LegacyStyleConfig, type Rule, type Style, type Symbolizer } from '../../../schemas/styles.ts';
import type { FieldErrors } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { withoutControlCharacters } from '../../../schemas/validators.ts';

export const MAX_CLASSES = MAX_RULES;
type Input = Record<string, unknown>;

const isObject = (value: unknown): value is Input => !!value && typeof value === 'object' && !Array.isArray(value);
const isColor = (value: unknown): value is string => typeof value === 'string' && COLOR_PATTERN.test(value);
const inRange = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** Checks one member and copies it when valid; absent members stay absent. */
class Checker {
  readonly out: Input = {};
  constructor(private readonly input: Input, private readonly path: string, private readonly errors: FieldErrors, private readonly locale: Locale) {}
  private fail(key: string, message: string) {
    (this.errors[`${this.path}.${key}`] ??= []).push(message);
  }
  color(key: string) {
    const value = this.input[key];
    if (value === undefined) return;
    if (isColor(value)) this.out[key] = value.toLowerCase();
    else this.fail(key, t(this.locale, 'geo.colorInvalid'));
  }
  number(key: string, min: number, max: number, message: 'geo.opacityInvalid' | 'geo.sizeInvalid' | 'geo.widthInvalid' | 'geo.rotationInvalid') {
    const value = this.input[key];
    if (value === undefined) return;
    if (inRange(value, min, max)) this.out[key] = value;
    else this.fail(key, t(this.locale, message));
  }
  check(key: string, valid: boolean, message: string) {
    if (this.input[key] === undefined) return;
    if (valid) this.out[key] = this.input[key];
    else this.fail(key, message);
  }
}

function symbolizer(input: unknown, path: string, columns: string[], errors: FieldErrors, locale: Locale): Symbolizer | null {
  if (!isObject(input) || !['Mark', 'Line', 'Fill', 'Text'].includes(input.kind as string)) {
    errors[`${path}.kind`] = [t(locale, 'geo.symbolizerInvalid')];
    return null;
  }
  const c = new Checker(input, path, errors, locale);
  c.out.kind = input.kind;
  if (input.kind === 'Mark') {
    c.check('wellKnownName', (MARK_SHAPES as readonly unknown[]).includes(input.wellKnownName), t(locale, 'geo.shapeInvalid', { shapes: MARK_SHAPES.join(', ') }));
    c.color('color');
    c.number('radius', 0.5, 50, 'geo.sizeInvalid');
    c.number('fillOpacity', 0, 1, 'geo.opacityInvalid');
    c.number('opacity', 0, 1, 'geo.opacityInvalid');
    c.color('strokeColor');
    c.number('strokeWidth', 0, 20, 'geo.widthInvalid');
    c.number('strokeOpacity', 0, 1, 'geo.opacityInvalid');
    c.number('rotate', -360, 360, 'geo.rotationInvalid');
  } else if (input.kind === 'Line') {
    c.color('color');
    c.number('width', 0, 50, 'geo.widthInvalid');
    c.number('opacity', 0, 1, 'geo.opacityInvalid');
    const dash = input.dasharray;
    c.check('dasharray', Array.isArray(dash) && dash.length >= 1 && dash.length <= 8 && dash.every((part) => inRange(part, 0, 100)), t(locale, 'geo.dashInvalid'));
  } else if (input.kind === 'Fill') {
    c.color('color');
    c.number('fillOpacity', 0, 1, 'geo.opacityInvalid');
    c.number('opacity', 0, 1, 'geo.opacityInvalid');
    c.color('outlineColor');
    c.number('outlineWidth', 0, 20, 'geo.widthInvalid');
    c.number('outlineOpacity', 0, 1, 'geo.opacityInvalid');
  } else {
    const column = labelColumn(input.label);
    c.check('label', typeof input.label === 'string' && input.label.length <= 300 && (column === null || columns.includes(column)), t(locale, 'geo.columnUnknown'));
    c.color('color');
    c.number('size', 1, 100, 'geo.sizeInvalid');
    c.color('haloColor');
    c.number('haloWidth', 0, 20, 'geo.widthInvalid');
    c.number('opacity', 0, 1, 'geo.opacityInvalid');
  }
  return c.out as unknown as Symbolizer;
}

const COMPARISONS = ['==', '!=', '<', '<=', '>', '>='];

/** A filter of comparisons between a column and a literal, combined by &&, || and ! (at most 4 levels deep). */
function validFilter(filter: unknown, depth = 0): boolean {
  if (!Array.isArray(filter) || depth > 4) return false;
  const [operator, ...args] = filter as unknown[];
  if (operator === '&&' || operator === '||') return args.length >= 1 && args.length <= 60 && args.every((arg) => validFilter(arg, depth + 1));
  if (operator === '!') return args.length === 1 && validFilter(args[0], depth + 1);
  const literal = args[1];
  const literalOk = literal === null || typeof literal === 'boolean' || (typeof literal === 'number' && Number.isFinite(literal)) || (typeof literal === 'string' && literal.length <= 300);
  return COMPARISONS.includes(operator as string) && args.length === 2 && typeof args[0] === 'string' && literalOk;
}

function rule(input: unknown, path: string, columns: string[], errors: FieldErrors, locale: Locale): Rule {
  if (!isObject(input)) {
    errors[path] = [t(locale, 'geo.ruleInvalid')];
    return { name: '', symbolizers: [] };
  }
  const out: Input = { name: typeof input.name === 'string' ? input.name.slice(0, 300) : '' };
  if (input.filter !== undefined) {
    if (!validFilter(input.filter)) errors[`${path}.filter`] = [t(locale, 'geo.filterInvalid')];
    else if (!filterColumns(input.filter).every((column) => columns.includes(column))) errors[`${path}.filter`] = [t(locale, 'geo.columnUnknown')];
    else out.filter = input.filter as Filter;
  }
  const scale = input.scaleDenominator;
  if (scale !== undefined) {
    const valid = isObject(scale) && (scale.min === undefined || inRange(scale.min, 0, 1e12)) && (scale.max === undefined || inRange(scale.max, 0, 1e12)) &&
      (scale.min === undefined || scale.max === undefined || (scale.min as number) < (scale.max as number));
    if (valid) out.scaleDenominator = { ...(scale.min === undefined ? {} : { min: scale.min }), ...(scale.max === undefined ? {} : { max: scale.max }) };
    else errors[`${path}.scaleDenominator`] = [t(locale, 'geo.scaleInvalid')];
  }
  const symbolizers = input.symbolizers;
  if (!Array.isArray(symbolizers) || symbolizers.length < 1 || symbolizers.length > MAX_SYMBOLIZERS) {
    errors[`${path}.symbolizers`] = [t(locale, 'geo.symbolizersInvalid', { max: MAX_SYMBOLIZERS })];
    out.symbolizers = [];
  } else {
    out.symbolizers = symbolizers.map((item, index) => symbolizer(item, `${path}.symbolizers.${index}`, columns, errors, locale)).filter(Boolean);
  }
  return out as unknown as Rule;
}

/** The legacy config checks of the first model (errors keyed by its members). */
function validateLegacy(input: LegacyStyleConfig & Input, columns: string[], locale: Locale): { config: LegacyStyleConfig } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const { size, opacity } = input;
  if (!inRange(size, 1, 50)) errors.size = [t(locale, 'geo.sizeInvalid')];
  if (!inRange(opacity, 0, 1)) errors.opacity = [t(locale, 'geo.opacityInvalid')];
  if (input.kind === 'simple') {
    if (!isColor(input.color)) errors.color = [t(locale, 'geo.colorInvalid')];
    return Object.keys(errors).length > 0 ? { errors } : { config: { kind: 'simple', color: input.color.toLowerCase(), size, opacity } };
  }
  if (input.kind !== 'classified') return { errors: { ...errors, kind: [t(locale, 'geo.kindInvalid')] } };
  if (typeof input.column !== 'string' || !columns.includes(input.column)) errors.column = [t(locale, 'geo.columnUnknown')];
  const classes: unknown = input.classes;
  const valid =
    Array.isArray(classes) && classes.length >= 1 && classes.length <= MAX_CLASSES &&
    classes.every((item) => isObject(item) && typeof item.value === 'string' && item.value.length <= 300 && isColor(item.color)) &&
    new Set(classes.map((item: { value: string }) => item.value)).size === classes.length;
  if (!valid) errors.classes = [t(locale, 'geo.classesInvalid', { max: MAX_CLASSES })];
  if (Object.keys(errors).length > 0) return { errors };
  const list = classes as Array<{ value: string; color: string }>;
  return { config: { kind: 'classified', column: input.column, size, opacity, classes: list.map((item) => ({ value: item.value, color: item.color.toLowerCase() })) } };
}

/** The value with control characters (and U+FFFE, U+FFFF) left out of its texts: neither the database (NUL) nor the SLD the map server reads (XML) can hold them. */
function withoutControlCharactersIn(value: unknown): unknown {
  if (typeof value === 'string') return withoutControlCharacters(value, { keepLayout: true });
  if (Array.isArray(value)) return value.map(withoutControlCharactersIn);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, withoutControlCharactersIn(member)]));
  return value;
}

/** The style when valid (only its known members kept), or the errors per member. */
export function validateStyle(input: unknown, columns: string[], locale: Locale, geometryType: string | null): { style: Style } | { errors: FieldErrors } {
  const raw = withoutControlCharactersIn(input);
  if (!isObject(raw)) return { errors: { config: [t(locale, 'invalidValue')] } };
  if (isLegacyConfig(raw)) {
    const legacy = validateLegacy(raw as LegacyStyleConfig & Input, columns, locale);
    return 'errors' in legacy ? legacy : { style: legacyToStyle(legacy.config, geometryType) };
  }
  const errors: FieldErrors = {};
  const rules = raw.rules;
  if (!Array.isArray(rules) || rules.length < 1 || rules.length > MAX_RULES) return { errors: { rules: [t(locale, 'geo.rulesInvalid', { max: MAX_RULES })] } };
  const style: Style = { name: typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name.slice(0, 300) : 'style', rules: rules.map((item, index) => rule(item, `rules.${index}`, columns, errors, locale)) };
  return Object.keys(errors).length > 0 ? { errors } : { style };
}
