import { mp4Header } from '../../../test/support/mp4-header';
import { checkFileBasics, checkVideoFile, formatFileSize } from './video-file-checks';

/** An MP4 whose sample description names `codec`. */
const mp4 = (codec: string) => new Uint8Array(mp4Header(codec));

const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type = 'video/mp4') =>
  new File([bytes], name, { type });

describe('checkFileBasics', () => {
  it('refuses empty, too large and unsupported files with the spec messages', () => {
    expect(checkFileBasics({ name: 'a.mp4', size: 0, type: 'video/mp4' })).toEqual({
      title: 'Invalid Video File',
      message: 'Video file appears to be empty',
    });
    expect(
      checkFileBasics({ name: 'a.mp4', size: 100 * 1024 * 1024 + 1, type: 'video/mp4' }),
    ).toEqual({
      title: 'File Too Large',
      message: 'File size (100.1 MB) exceeds 100MB limit',
    });
    expect(checkFileBasics({ name: 'setup.exe', size: 10, type: '' })).toEqual({
      title: 'Video Format Not Supported',
      message: 'EXE format is not supported',
    });
    expect(checkFileBasics({ name: 'clip.MOV', size: 10, type: 'video/quicktime' })).toBeNull();
  });
});

describe('checkVideoFile', () => {
  it('reads HEVC and ProRes from the bytes', async () => {
    expect((await checkVideoFile(file(mp4('hvc1'), 'IMG_1.MOV')))?.title).toBe(
      'iPhone Video Format Not Supported',
    );
    expect((await checkVideoFile(file(mp4('apch'), 'edit.mov')))?.title).toBe(
      'Professional Video Format Not Supported',
    );
    expect(await checkVideoFile(file(mp4('avc1'), 'swing.mp4'))).toBeNull();
  });

  it('refuses text named like a video', async () => {
    expect(await checkVideoFile(file('hello, not a video', 'swing.mp4'))).toEqual({
      title: 'Invalid Video File',
      message: 'Selected file is not a video',
    });
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [6, '6 bytes'],
    [1023, '1,023 bytes'],
    [1024, '1 KB'],
    [12_500, '12 KB'],
    [1536, '1.5 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [57 * 1024 * 1024, '57 MB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
