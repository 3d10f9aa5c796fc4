/**
 * The domain byte sniffer (domain/video-signature.ts), on built byte strings and on real files
 * made by ffmpeg. It lives here because the real-file half needs ffmpeg.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SIGNATURE_HEAD_BYTES,
  SIGNATURE_TAIL_BYTES,
  sniffVideoSignature,
} from '../../domain/video-signature';
import {
  makeBaseClip,
  makeFastStartCopy,
  makeHevcClip,
  makeProResClip,
  makeTempDir,
} from './test-clips';

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const uint32 = (n: number) =>
  new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const box = (type: string, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  return concat(uint32(body.length + 8), text(type), body);
};
const ftyp = (brand: string) => box('ftyp', text(brand), uint32(0), text(`${brand}isom`));
/** A moov box with one video track whose stsd holds a `format` sample entry. */
const moov = (format: string) =>
  box(
    'moov',
    box(
      'trak',
      box(
        'mdia',
        box(
          'minf',
          box('stbl', box('stsd', uint32(0), uint32(1), box(format, new Uint8Array(78)))),
        ),
      ),
    ),
  );

describe('sniffVideoSignature on built bytes', () => {
  it.each([
    ['MP4', concat(ftyp('isom'), box('free')), 'mp4'],
    ['3GP', ftyp('3gp4'), 'mp4'],
    ['QuickTime', ftyp('qt  '), 'quicktime'],
    [
      'old QuickTime without ftyp',
      concat(box('wide'), box('mdat', new Uint8Array(16))),
      'quicktime',
    ],
    ['AVI', concat(text('RIFF'), uint32(1000), text('AVI LIST')), 'avi'],
    [
      'WebM',
      concat(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), text('webm')),
      'webm',
    ],
    [
      'MKV',
      concat(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88]), text('matroska')),
      'matroska',
    ],
    ['FLV', concat(text('FLV'), new Uint8Array([1, 5, 0, 0, 0, 9])), 'flv'],
    ['MPEG-PS', new Uint8Array([0, 0, 1, 0xba, 0x44, 0, 4]), 'mpeg-ps'],
    ['MPEG video', new Uint8Array([0, 0, 1, 0xb3, 0x14, 0, 0xf0]), 'mpeg-video'],
    [
      'MPEG-TS',
      concat(...[0, 1, 2].map(() => concat(new Uint8Array([0x47]), new Uint8Array(187)))),
      'mpeg-ts',
    ],
    [
      'ASF/WMV',
      new Uint8Array([
        0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce,
        0x6c, 0,
      ]),
      'asf',
    ],
  ])('recognises %s', (_label, bytes, container) => {
    expect(sniffVideoSignature(bytes)).toEqual({
      container,
      rejectedCodec: null,
      sampleEntries: [],
    });
  });

  it.each([
    ['text', text('Some notes, renamed to .mp4\n')],
    ['an HLS playlist', text('#EXTM3U\n#EXT-X-VERSION:3\nhttp://example.com/a.ts\n')],
    ['PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])],
    ['M4A audio', ftyp('M4A ')],
    ['a HEIC photo', concat(ftyp('heic'), moov('hvc1'))],
    ['empty bytes', new Uint8Array(0)],
  ])('says %s is no video container', (_label, bytes) => {
    expect(sniffVideoSignature(bytes).container).toBeNull();
  });

  it.each([
    ['hvc1', 'hevc'],
    ['hev1', 'hevc'],
    ['dvh1', 'hevc'],
    ['apch', 'prores'],
    ['apcn', 'prores'],
    ['apcs', 'prores'],
    ['apco', 'prores'],
    ['ap4h', 'prores'],
    ['ap4x', 'prores'],
    ['avc1', null],
  ])('reads the %s sample entry from the moov box', (entry, codec) => {
    const signature = sniffVideoSignature(concat(ftyp('isom'), moov(entry)));
    expect(signature).toEqual({ container: 'mp4', rejectedCodec: codec, sampleEntries: [entry] });
  });

  it('finds the moov box in the tail when it is at the end of the file', () => {
    const head = concat(ftyp('qt  '), box('mdat', new Uint8Array(64)));
    const tail = concat(new Uint8Array([1, 2, 3]), moov('hvc1'));
    expect(sniffVideoSignature(head).rejectedCodec).toBeNull();
    expect(sniffVideoSignature(head, tail).rejectedCodec).toBe('hevc');
  });

  it('ignores codec names outside a sample description', () => {
    const bytes = concat(ftyp('isom'), box('mdat', text('xxhvc1apchstsd'), new Uint8Array(32)));
    expect(sniffVideoSignature(bytes).rejectedCodec).toBeNull();
  });

  it('reads Matroska codec IDs', () => {
    const ebml = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88]);
    const hevc = concat(ebml, text('matroska'), new Uint8Array(40), text('V_MPEGH/ISO/HEVC'));
    expect(sniffVideoSignature(hevc).rejectedCodec).toBe('hevc');
    const prores = concat(ebml, text('matroska'), new Uint8Array(40), text('V_PRORES'));
    expect(sniffVideoSignature(prores).rejectedCodec).toBe('prores');
  });
});

describe('sniffVideoSignature on files written by ffmpeg', () => {
  const temp = makeTempDir('video-signature');
  afterAll(() => temp.remove());

  const ends = (path: string) => {
    const bytes = readFileSync(path);
    return {
      head: bytes.subarray(0, SIGNATURE_HEAD_BYTES),
      tail: bytes.subarray(Math.max(0, bytes.length - SIGNATURE_TAIL_BYTES)),
    };
  };

  it('sees H.264 in a plain MP4', async () => {
    const { head, tail } = ends(await makeBaseClip(temp.dir));
    expect(sniffVideoSignature(head, tail)).toEqual({
      container: 'mp4',
      rejectedCodec: null,
      sampleEntries: ['mp4a', 'avc1'],
    });
  });

  it('sees ProRes in a .mov', async () => {
    const { head, tail } = ends(await makeProResClip(temp.dir));
    expect(sniffVideoSignature(head, tail)).toMatchObject({
      container: 'quicktime',
      rejectedCodec: 'prores',
    });
  });

  it('sees HEVC with the moov box at the end (from the tail) and at the start', async () => {
    const hevc = await makeHevcClip(temp.dir);
    if (!hevc) {
      console.log('HEVC sniffing on a real file skipped: this ffmpeg has no libx265 encoder');
      return;
    }
    // ffmpeg writes moov last unless asked for fast start: the first bytes hold ftyp and mdat.
    const bytes = readFileSync(hevc);
    const start = bytes.subarray(0, 64);
    expect(sniffVideoSignature(start)).toMatchObject({ container: 'mp4', rejectedCodec: null });
    expect(sniffVideoSignature(start, bytes.subarray(-4096)).rejectedCodec).toBe('hevc');
    const fastStart = await makeFastStartCopy(hevc, join(temp.dir, 'hevc-faststart.mp4'));
    expect(sniffVideoSignature(readFileSync(fastStart).subarray(0, 4096)).rejectedCodec).toBe(
      'hevc',
    );
  });
});
