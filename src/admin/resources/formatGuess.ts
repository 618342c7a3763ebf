/** The data format a file's name or address points to, among the platform's formats (loaded at start-up). */
import type { DataFormat } from '../startup/types.ts';

/** The path of an address (without its host, query or fragment), or the name as it is. */
function pathOf(name: string): string {
  try {
    return new URL(name).pathname;
  } catch {
    return name;
  }
}

const extensionOf = (name: string) => {
  const path = pathOf(name);
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** The id of the only format listing the name's extension; null when none or several do (.zip, .json). */
export function guessFormat(name: string, formats: readonly DataFormat[]): number | null {
  const extension = extensionOf(name);
  if (!extension) return null;
  const matching = formats.filter((format) => format.extensions.some((one) => one.replace(/^\./, '').toLowerCase() === extension));
  return matching.length === 1 ? matching[0].id : null;
}

/**
 * The format change a chosen file brings: the guessed one, unless the format already chosen takes
 * the file's extension (the user's choice stays, and may still be changed afterwards).
 */
export function formatChangeFor(name: string, formats: readonly DataFormat[], current: number | ''): { dataformat_id?: number } {
  const guessed = guessFormat(name, formats);
  if (guessed === null || guessed === current) return {};
  const chosen = formats.find((format) => format.id === current);
  if (chosen && guessFormat(name, [chosen]) !== null) return {};
  return { dataformat_id: guessed };
}
