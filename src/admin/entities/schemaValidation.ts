/**
 * Client-side validation of a form with the entity's write validator (the same one the server
 * runs), the form's own required fields (`formRequired`) and the rule of passwords included. Messages are catalogue keys ('validation.required'), translated under the fields.
 */
import { ValidationError } from 'yup';
import { writeValidator, type EntitySchema } from '../../../schemas/entity.ts';
import { loadPasswordEstimator, passwordProblem } from '../../../schemas/password.ts';

export type FormErrors = Record<string, { message: string; args: Record<string, unknown> }>;

/** The rule of passwords (schemas/password.ts) on the form's given password fields; the estimator loads only then. */
async function passwordErrors(entity: EntitySchema, values: Record<string, unknown>): Promise<FormErrors> {
  const errors: FormErrors = {};
  for (const [name, spec] of Object.entries(entity.fields)) {
    const value = values[name];
    if (spec.type !== 'password' || value == null || value === '') continue;
    const problem = passwordProblem(value, { username: values.username, email: values.email }, await loadPasswordEstimator());
    if (problem) errors[name] = { message: problem.message, args: problem.params };
  }
  return errors;
}

export function schemaValidate(entity: EntitySchema) {
  const validator = writeValidator(entity, { form: true });
  const schemaErrors = async (values: Record<string, unknown>): Promise<FormErrors> => {
    try {
      await validator.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: FormErrors = {};
      for (const issue of error.inner.length ? error.inner : [error]) {
        // `municipalities[0]` is reported on `municipalities`.
        const path = issue.path?.replace(/\[\d+\].*$/, '');
        if (!path || errors[path]) continue;
        const args: Record<string, unknown> = {};
        if (issue.params && 'max' in issue.params) args.max = issue.params.max;
        errors[path] = { message: issue.message, args };
      }
      return errors;
    }
  };
  return async (values: Record<string, unknown>): Promise<FormErrors> => ({ ...(await passwordErrors(entity, values)), ...(await schemaErrors(values)) });
}

/** Marks an input as required (asterisk) without a validator of its own: the form validates. */
export const requiredMark = Object.assign(() => undefined, { isRequired: true });
