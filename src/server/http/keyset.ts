/**
 * Keyset conditions: "the rows after this one" in a list's ordering, for any mix of directions and
 * null placements, so a page can start from a known row instead of skipping rows with OFFSET.
 *
 * The known row's key is given as text, one value per ordering term (null for SQL NULL); each
 * value reaches SQL as an untyped parameter, which PostgreSQL reads as the type of the expression
 * it is compared with, so a timestamp keeps its microseconds.
 */
import type { OrderTerm, SqlParams } from './pagination.ts';

/** A row's key in a list's ordering: each term's value as PostgreSQL's text, null for NULL. */
export type RowKey = ReadonlyArray<string | null>;

/** `column::text` of each term: the key of the rows a query reads, as keysetAfter takes it. */
export function keyColumns(terms: readonly OrderTerm[]): string[] {
  return terms.map(({ column }, index) => `(${column})::text AS key_${index}`);
}

/**
 * Conditions true exactly for the rows ordered after the row whose key is `key`: the first is
 * the exact condition; the others are implied by it and bound an index scan on the first term
 * (`notNull` names the expressions that are never null, where a bound is possible either way).
 * The terms must end with a unique tie-breaker, so no two rows share a key.
 */
export function keysetAfter(terms: readonly OrderTerm[], key: RowKey, params: SqlParams, notNull: ReadonlySet<string>): string[] {
  if (terms.length === 0 || terms.length !== key.length) throw new Error('a keyset needs one value per ordering term');
  const placeholders = key.map((value) => (value === null ? null : params.add(value)));

  /** Rows whose term `index` sorts strictly after the key's, and rows equal to it. */
  const after = (index: number): string => {
    const { column, descending, nullsFirst } = terms[index];
    const value = placeholders[index];
    if (value === null) return nullsFirst ? `${column} IS NOT NULL` : 'false';
    const beyond = `${column} ${descending ? '<' : '>'} ${value}`;
    return nullsFirst || notNull.has(column) ? beyond : `(${beyond} OR ${column} IS NULL)`;
  };
  const equal = (index: number): string => {
    const value = placeholders[index];
    return value === null ? `${terms[index].column} IS NULL` : `${terms[index].column} = ${value}`;
  };

  let condition = after(terms.length - 1);
  for (let index = terms.length - 2; index >= 0; index--) condition = `(${after(index)} OR (${equal(index)} AND ${condition}))`;

  const conditions = [condition];
  const { column, descending, nullsFirst } = terms[0];
  const first = placeholders[0];
  if (first === null) {
    // After a null: with nulls last, only nulls remain.
    if (!nullsFirst) conditions.push(`${column} IS NULL`);
  } else if (nullsFirst || notNull.has(column)) {
    // After a value, with no null still to come: a range.
    conditions.push(`${column} ${descending ? '<=' : '>='} ${first}`);
  }
  return conditions;
}
