/** The profile picture rule judged by content (coverage.md §5, §8, §9): src/domain/profile-picture.ts. */
import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_HEAD_BYTES, profileImageContentError, profileImageFormat } from '../../src/domain/profile-picture';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];
const bytes = (list: number[]) => new Uint8Array(list);

describe('profileImageFormat', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(PROFILE_IMAGE_HEAD_BYTES).toBe(8);
    expect(profileImageFormat(bytes(PNG))).toBe('png');
    expect(profileImageFormat(bytes([...PNG, 1, 2, 3]))).toBe('png');
    expect(profileImageFormat(bytes(JPEG))).toBe('jpeg');
    expect(profileImageFormat(bytes([0xff, 0xd8, 0xff]))).toBe('jpeg');
  });

  it('refuses everything else, however it is named', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(profileImageFormat(text('%PDF-1.4'))).toBeNull();
    expect(profileImageFormat(text('GIF89a..'))).toBeNull();
    expect(profileImageFormat(text('RIFF....WEBP'))).toBeNull();
    expect(profileImageFormat(text('<svg xmlns'))).toBeNull();
    expect(profileImageFormat(bytes(PNG.slice(0, 7)))).toBeNull();
    expect(profileImageFormat(bytes([0xff, 0xd8]))).toBeNull();
    expect(profileImageFormat(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeNull();
    expect(profileImageFormat(new Uint8Array(0))).toBeNull();
  });
});

describe('profileImageContentError', () => {
  const MB = 1024 * 1024;
  it.each([
    [{ head: bytes(PNG), size: 1000 }, null],
    [{ head: bytes(JPEG), size: 5 * MB }, null],
    [{ head: bytes(JPEG), size: 5 * MB + 1 }, 'image_size'],
    [{ head: bytes(PNG), size: 6 * MB }, 'image_size'],
    [{ head: bytes(PNG), size: Number.NaN }, 'field_required'],
    [{ head: new Uint8Array(0), size: 0 }, 'field_required'],
    [{ head: new TextEncoder().encode('%PDF-1.4'), size: 2000 }, 'image_type'],
  ])('%o → %s', (file, expected) => {
    expect(profileImageContentError(file)).toBe(expected);
  });
});
