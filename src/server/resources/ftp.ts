/**
 * The files an organisation drops in its sFTP folder, DATA_DIR/ftp/<usergroup id>/: listed for the
 * ftp resource form (known formats only) and resolved for the copy. A value is a relative path
 * with `/` separators; nothing outside the folder is reachable (no `..`, no absolute path, no
 * symbolic link followed). The copy reads the file through `openFtpFile`, which checks the file it
 * has opened, not the path: a file swapped for a link between a check and the open is refused.
 */
import { constants } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FtpChoice } from '../../../schemas/resources.ts';

const MAX_DEPTH = 6;
const MAX_FILES = 2000;

export function ftpRoot(dataDir: string, usergroupId: number): string {
  return path.join(dataDir, 'ftp', String(Math.trunc(usergroupId)));
}

/** The size as people read it: 12 ko, 3,4 Mo (French units, as the spec's screens). */
export function sizeLabel(bytes: number, locale: string): string {
  const units = locale === 'en' ? ['B', 'kB', 'MB', 'GB', 'TB'] : locale === 'it' ? ['B', 'kB', 'MB', 'GB', 'TB'] : ['o', 'ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** The extension of a file name, lower case, without the dot. */
export function extensionOf(name: string): string {
  const base = path.posix.basename(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Regular files under the folder whose extension is in `extensions`, sorted by label. */
export async function listFtpChoices(dataDir: string, usergroupId: number, extensions: ReadonlySet<string>, locale: string): Promise<FtpChoice[]> {
  const root = ftpRoot(dataDir, usergroupId);
  const choices: FtpChoice[] = [];
  async function walk(relative: string, depth: number) {
    if (depth > MAX_DEPTH || choices.length >= MAX_FILES) return;
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const value = relative ? `${relative}/${entry.name}` : entry.name;
      // Symbolic links are neither listed nor followed (isFile/isDirectory are false for them).
      if (entry.isDirectory()) await walk(value, depth + 1);
      else if (entry.isFile() && extensions.has(extensionOf(entry.name)) && choices.length < MAX_FILES) {
        const info = await lstat(path.join(root, value)).catch(() => null);
        if (info?.isFile()) choices.push({ value, label: `${value} (${sizeLabel(info.size, locale)})`, size: info.size });
      }
    }
  }
  await walk('', 0);
  return choices.sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The absolute path a value names in the folder, when it is a relative path without `..` or hidden segment, else null. */
function ftpPath(root: string, value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000 || value.includes('\0') || value.includes('\\')) return null;
  const segments = value.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.startsWith('.'))) return null;
  const file = path.join(root, ...segments);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

/** Whether a real (link-free) path lies inside the folder, itself read through its links. */
async function insideRoot(real: string, root: string): Promise<boolean> {
  const realRoot = await realpath(root);
  return real.startsWith(`${realRoot}${path.sep}`);
}

/** The absolute path of a value of the folder when it names a regular file in it, else null. */
export async function resolveFtpFile(dataDir: string, usergroupId: number, value: unknown): Promise<string | null> {
  const root = ftpRoot(dataDir, usergroupId);
  const file = ftpPath(root, value);
  if (!file) return null;
  try {
    const info = await lstat(file);
    if (!info.isFile()) return null;
    // No directory on the way may be a link leading elsewhere.
    return (await insideRoot(await realpath(file), root)) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The value's file opened for reading, when it is a regular file of the folder, else null; the
 * caller closes it. The checks are made on the open file: its last segment is not followed when a
 * link (O_NOFOLLOW), it is a regular file, and the path the kernel gives the open descriptor (Linux,
 * /proc/self/fd) lies in the folder, so no link on the way leads elsewhere. Whatever the path
 * names by the time it is opened, what is read is what was checked.
 */
export async function openFtpFile(dataDir: string, usergroupId: number, value: unknown): Promise<FileHandle | null> {
  const root = ftpRoot(dataDir, usergroupId);
  const file = ftpPath(root, value);
  if (!file) return null;
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO put in the folder does not hang the open; it is refused below as not a regular file.
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if ((await handle.stat()).isFile() && (await insideRoot(await readlink(`/proc/self/fd/${handle.fd}`), root))) return handle;
  } catch {
    // Refused below.
  }
  await handle.close().catch(() => undefined);
  return null;
}
