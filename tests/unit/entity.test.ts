import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { defaultFilters, defaultValues, defineEntity, writableFields, writeValidator } from '../../schemas/entity.ts';
import { ENTITIES } from '../../schemas/index.ts';
import { jurisdictions } from '../../schemas/jurisdictions.ts';
import { users } from '../../schemas/users.ts';

async function errorsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  try {
    await promise;
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string[]> = {};
    for (const inner of error.inner) (errors[inner.path ?? ''] ??= []).push(inner.message);
    return errors;
  }
}

describe('entity schemas', () => {
  it('requires the fields the spec requires, with the catalogue key as message', async () => {
    const errors = await errorsOf(writeValidator(users).validate({ username: 'ana' }, { abortEarly: false }));
    expect(errors).toEqual({
      last_name: ['validation.required'],
      first_name: ['validation.required'],
      email: ['validation.required'],
    });
  });

  it('treats text made only of spaces or markup as missing', async () => {
    const valid = { username: 'ana', first_name: 'Ana', email: 'ana@example.org' };
    const errors = await errorsOf(writeValidator(users).validate({ ...valid, last_name: '  <b></b> ' }, { abortEarly: false }));
    expect(errors).toEqual({ last_name: ['validation.required'] });
  });

  it('checks idComp, phone and e-mail formats', async () => {
    const record = { username: 'ana', first_name: 'Ana', last_name: 'B', email: 'not-an-email', phone: '04 91 x', id_comp: 'a b' };
    const errors = await errorsOf(writeValidator(users).validate(record, { abortEarly: false }));
    expect(errors).toEqual({ email: ['validation.email'], phone: ['validation.phone'], id_comp: ['validation.idComp'] });
  });

  it('sanitises accepted text and ignores read-only fields', async () => {
    const record = { username: 'ana', first_name: ' <i>Ana</i> ', last_name: 'B', email: 'ana@example.org', id: 99 };
    const value = await writeValidator(users).validate(record, { abortEarly: false });
    expect(value.first_name).toBe('Ana');
    expect(writableFields(users)).not.toContain('id');
    expect(writableFields(users)).not.toContain('date_joined');
  });

  it('checks only the given fields of a partial update', async () => {
    await expect(writeValidator(users, { partial: true }).validate({ status: 1 })).resolves.toEqual({ status: 1 });
    const errors = await errorsOf(writeValidator(users, { partial: true }).validate({ first_name: '' }, { abortEarly: false }));
    expect(errors).toEqual({ first_name: ['validation.required'] });
  });

  it('answers catalogue keys for lists of the wrong shape', async () => {
    const errors = await errorsOf(writeValidator(jurisdictions).validate({ display_name: 'A', codename: 'a', municipalities: '13055' }, { abortEarly: false }));
    expect(errors).toEqual({ municipalities: ['validation.invalid'] });
    const empty = await errorsOf(writeValidator(jurisdictions).validate({ display_name: 'A', codename: 'a', municipalities: ['13055', null] }, { abortEarly: false }));
    expect(Object.values(empty).flat()).toEqual(['validation.invalid']);
  });

  it('answers every JSON value given to any writable field of any entity with a value or a field message, never a crash', async () => {
    const values = [null, '', '  ', 0, -1, 1e308, true, [], [1, 'a'], {}, { a: [] }, '\u0000', 'x'.repeat(10_000)];
    for (const entity of ENTITIES) {
      for (const mode of [{ partial: true }, { partial: false }, { form: true }]) {
        const validator = writeValidator(entity, mode);
        for (const name of writableFields(entity)) {
          for (const value of values) {
            const errors = await errorsOf(validator.validate({ [name]: value }, { abortEarly: false }));
            for (const messages of Object.values(errors)) for (const message of messages) expect(message, `${entity.resource}.${name} = ${JSON.stringify(value)}`).toMatch(/^validation\./);
          }
        }
      }
    }
  });

  it('gives defaults for new records and lists', () => {
    expect(defaultValues(users)).toMatchObject({ status: 2, email_notifications: true, is_superuser: false });
    expect(defaultFilters(users)).toEqual({ status: [2] });
  });

  it('refuses a schema naming a field it does not declare', () => {
    expect(() =>
      defineEntity({
        resource: 'broken',
        endpoint: 'x/broken',
        route: 'broken',
        recordRepresentation: 'name',
        fields: { name: { type: 'string' } },
        list: { columns: ['name', 'missing' as 'name'], search: false, filters: {}, orderable: [], defaultOrdering: [], pageSize: 20 },
        form: ['name'],
      }),
    ).toThrow(/unknown field "missing"/);
  });
});
