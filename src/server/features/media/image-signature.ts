/**
 * The image type the bytes themselves declare, from their magic numbers; null when they are not a
 * raster image we serve. SVG is deliberately absent: served from our origin it could run script.
 */
export function sniffImageType(bytes: Buffer): string | null {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

/** What the upstream says it sent must also be a raster image. */
export function isImageContentType(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('image/') && !type.includes('svg');
}
