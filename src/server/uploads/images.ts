/**
 * Logos and thumbnails are decoded, not trusted: their real dimensions are read and bounded, and
 * an accepted image is re-encoded in its own format, so what is stored holds pixels only (no
 * metadata, comments or bytes appended after the image). Decoding is bounded too
 * (limitInputPixels), so a small file that claims to be huge cannot take the memory.
 */
import sharp from 'sharp';
import { IMAGE_MAX_SIDE } from '../../../schemas/constants.ts';
import { checkImageUpload, detectImageType, type ImageType, type ImageUploadError } from './checks.ts';

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export type ImageProblem = ImageUploadError | 'validation.imageDimensions' | 'validation.imageCorrupt';

export interface CleanImage {
  bytes: Buffer;
  type: ImageType;
  width: number;
  height: number;
}

const FORMATS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/** The image re-encoded, or the i18n key of the reason it is refused. */
export async function cleanImage(bytes: Buffer, maxSide = IMAGE_MAX_SIDE): Promise<CleanImage | { problem: ImageProblem }> {
  const problem = checkImageUpload({ bytes, size: bytes.length });
  if (problem) return { problem };
  const type = detectImageType(bytes)!;
  let metadata;
  try {
    // The header only: the dimensions are reported even when decoding them would be refused.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: 'validation.imageCorrupt' };
  }
  if (metadata.format !== FORMATS[type]) return { problem: 'validation.imageCorrupt' };
  if (metadata.width > maxSide || metadata.height > maxSide) return { problem: 'validation.imageDimensions' };
  // failOn 'warning': a truncated or damaged image is refused rather than stored half-decoded.
  const image = sharp(bytes, { limitInputPixels: maxSide * maxSide, failOn: 'warning', sequentialRead: true });
  try {
    // autoOrient applies the EXIF orientation that stripping the metadata would otherwise lose.
    const oriented = image.autoOrient();
    const { data, info } = await (type === 'image/png' ? oriented.png() : oriented.jpeg({ quality: 90 })).toBuffer({ resolveWithObject: true });
    return { bytes: data, type, width: info.width, height: info.height };
  } catch {
    return { problem: 'validation.imageCorrupt' };
  }
}
