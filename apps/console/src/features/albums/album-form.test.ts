import { describe, expect, it } from 'vitest';
import { LIMITS } from '@roomcast/contract';
import {
  albumBody,
  albumFormValuesOf,
  coverProblem,
  coverUploadPath,
  coverUrl,
  shareBody,
  stripWhitespace,
  type Album,
} from './album-form';

const album: Album = {
  id: 3,
  name: 'Physics101',
  description: 'Lectures',
  path: 'album/1_cover.png',
  share: false,
  isdefault: true,
  createtime: '2026-01-01 10:00:00',
  count: 2,
};

describe('album form helpers', () => {
  it('strips whitespace from names', () => {
    expect(stripWhitespace(' Maths  101 ')).toBe('Maths101');
    expect(stripWhitespace(undefined)).toBe('');
  });

  it('builds a new album body with id -1', () => {
    expect(albumBody({ name: '  Maths  101 ', description: ' x ', path: '', share: true }, undefined)).toEqual({
      id: -1,
      name: 'Maths101',
      description: 'x',
      path: '',
      share: true,
      isdefault: false,
    });
  });

  it('keeps the id and the default flag of an edited album', () => {
    expect(albumBody(albumFormValuesOf(album), album)).toEqual({
      id: 3,
      name: 'Physics101',
      description: 'Lectures',
      path: 'album/1_cover.png',
      share: false,
      isdefault: true,
    });
  });

  it('toggles only the share flag', () => {
    expect(shareBody(album, true)).toEqual({ ...albumBody(albumFormValuesOf(album), album), share: true });
  });

  it('sends covers to album/{filename} (the service adds the timestamp)', () => {
    expect(coverUploadPath('cover.png')).toBe('album/cover.png');
    expect(coverUploadPath('C:\\pics\\a.jpg')).toBe('album/a.jpg');
    expect(coverUploadPath('')).toBe('album/cover');
  });

  it('serves covers from /upload/ and accepts pictures within the size limit only', () => {
    expect(coverUrl('album/1_a.png')).toBe('/upload/album/1_a.png');
    expect(coverUrl('/album/1_a.png')).toBe('/upload/album/1_a.png');
    expect(coverProblem({ type: 'image/png', size: 100 })).toBeUndefined();
    expect(coverProblem({ type: 'image/svg+xml', size: 100 })).toBe('uploadNotImage');
    expect(coverProblem({ type: 'text/plain', size: 100 })).toBe('uploadNotImage');
    expect(coverProblem({ type: 'image/jpeg', size: LIMITS.coverMaxBytes + 1 })).toBe('uploadTooLarge');
  });
});
