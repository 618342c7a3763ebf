/** Client checks of the jurisdiction form; messages are the shared catalogue's keys. */
import type { Validator } from 'react-admin';

export const REQUIRED_MESSAGE = 'validation.required';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** 'This field is required' for an empty text or an empty list; marks the input as required. */
export const requiredValue: Validator = Object.assign((value: unknown) => (isEmpty(value) ? REQUIRED_MESSAGE : undefined), {
  isRequired: true,
});

/** The fields a save writes (the box and the count are computed by the server). */
export function toJurisdictionPayload(data: Record<string, unknown>) {
  return {
    display_name: data.display_name,
    codename: data.codename,
    municipalities: Array.isArray(data.municipalities) ? data.municipalities : [],
  };
}
