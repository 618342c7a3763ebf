/**
 * A phone number as people read it. Numbers are stored as digits only (schemas/validators.ts); a
 * French 10-digit number shows in pairs, '04 91 00 00 00', any other as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  return /^0\d{9}$/.test(value) ? value.replace(/(\d{2})(?=\d)/g, '$1 ') : value;
}
