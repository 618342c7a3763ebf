/**
 * Checks on uploaded files (spec, section 5): logos and thumbnails must be PNG or JPEG of at most
 * 2 MiB, judged by their content rather than their name or declared type; structured files such
 * as CSV must be UTF-8. Results are i18n keys, translated by the caller.
 */
import { IMAGE_MAX_BYTES } from '../../../schemas/constants.ts';
import { withoutControlCharacters } from '../../../schemas/validators.ts';

/** Longest file name kept with a resource's file. */
export const FILE_NAME_MAX_LENGTH = 255;

/** A file's name as it is kept and shown: as text, without control characters (nor NUL, which the database refuses). */
export function keptFileName(name: string): string {
  return withoutControlCharacters(name).slice(0, FILE_NAME_MAX_LENGTH);
}

export type ImageType = 'image/png' | 'image/jpeg';
export type ImageUploadError = 'validation.imageType' | 'validation.imageTooLarge';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The image type given by the file's first bytes (magic numbers), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

export interface ImageUploadInput {
  /** The file's first bytes at least (8 are enough), or the whole file. */
  bytes: Uint8Array;
  /** The file's full size in bytes. */
  size: number;
  /** Default 2 MiB (IMAGE_MAX_BYTES). */
  maxBytes?: number;
}

/** 'validation.imageType' unless PNG or JPEG, 'validation.imageTooLarge' above maxBytes, else null. */
export function checkImageUpload({ bytes, size, maxBytes = IMAGE_MAX_BYTES }: ImageUploadInput): ImageUploadError | null {
  if (detectImageType(bytes) === null) return 'validation.imageType';
  if (size > maxBytes) return 'validation.imageTooLarge';
  return null;
}

/** True when the whole buffer is valid UTF-8 (a leading byte-order mark is allowed). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface Utf8Validator {
  /** Feeds the next chunk; returns false once the data seen so far is known not to be UTF-8. */
  push(chunk: Uint8Array): boolean;
  /** Ends the input; true when everything pushed was valid UTF-8 (no truncated sequence at the end). */
  end(): boolean;
  /** False as soon as invalid data has been seen. */
  readonly valid: boolean;
}

/**
 * Validates UTF-8 chunk by chunk, e.g. while an upload streams to disk, without keeping the data.
 * A multi-byte character split between two chunks is accepted.
 */
export function createUtf8Validator(): Utf8Validator {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let ended = false;
  return {
    push(chunk) {
      if (ended) throw new Error('push() after end()');
      if (!valid) return false;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
      return valid;
    },
    end() {
      if (!ended) {
        ended = true;
        if (valid) {
          try {
            decoder.decode();
          } catch {
            valid = false;
          }
        }
      }
      return valid;
    },
    get valid() {
      return valid;
    },
  };
}
