import { describe, expect, it } from 'vitest';
import { channelName, filesQueryOf, filesSearch, formatFileSize, listmediaBody, mainFile, type Recording } from './vod';

function file(channel: number, url = `/media/${channel}.mp4`) {
  return {
    fileid: String(channel),
    url,
    filepath: `r/${channel}.mp4`,
    title: `f${channel}`,
    filesize: 1,
    channel,
    starttime: '',
    duration: 0,
  };
}
const recording = (files: Recording['files']): Recording => ({
  recordid: '1',
  title: 'Lecture',
  name: '20260101-100000',
  album: 'A',
  isdefaultalbum: false,
  netsync: false,
  netsynctime: '',
  mediasvrsync: false,
  mediasvrsynctime: '',
  starttime: '',
  stoptime: '',
  stop: true,
  useraccount: 'admin',
  usercode: 'admin',
  source: '',
  filename: '',
  files,
  mayedit: false,
});

describe('viewer files helpers', () => {
  it('reads the album and paging from the address, with safe defaults', () => {
    expect(filesQueryOf(new URLSearchParams('album=3&page=2&size=20'))).toEqual({ album: 3, page: 2, size: 20 });
    expect(filesQueryOf(new URLSearchParams('album=x&page=-1&size=7'))).toEqual({ album: undefined, page: 1, size: 10 });
    expect(filesSearch({ album: 3, page: 1, size: 10 })).toBe('?album=3');
    expect(filesSearch({ album: 3, page: 2, size: 20 }, { record: '9' })).toBe('?album=3&record=9&page=2&size=20');
  });

  it('asks for every user only with allrecord', () => {
    const q = { album: 3, page: 2, size: 10 };
    expect(listmediaBody(q, true)).toEqual({ usercode: '*', albumid: 3, currentpage: 2, pagesize: 10 });
    expect(listmediaBody(q, false).usercode).toBe('');
  });

  it('plays the HD file, else the first file with a URL', () => {
    expect(mainFile(recording([file(11), file(10)]))?.channel).toBe(10);
    expect(mainFile(recording([file(10, ''), file(11)]))?.channel).toBe(11);
    expect(mainFile(recording([]))).toBeUndefined();
  });

  it('names channels and formats sizes as spec §9', () => {
    expect(channelName(10)).toBe('HD');
    expect(channelName(8)).toBe('CH1');
    expect(channelName(42)).toBe('42');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 M');
    expect(formatFileSize(1000 * 1024 * 1024)).toBe('0.98 G');
  });
});
