/**
 * Recognises a video file from its bytes, without decoding: the container family from the first
 * bytes, and the codecs we refuse (HEVC, ProRes) from the MP4/QuickTime sample descriptions or
 * Matroska codec IDs. Pure: the browser runs it on `file.slice()` before uploading, the server
 * before handing anything to ffprobe (so text playlists and images never reach a demuxer).
 *
 * In an MP4/MOV the codec sits in the moov box: near the start when the file is "fast start",
 * at the end otherwise (iPhone .MOV files), so pass the last bytes as `tail` as well.
 */

export type VideoContainer =
  | 'mp4'
  | 'quicktime'
  | 'avi'
  | 'matroska'
  | 'webm'
  | 'flv'
  | 'mpeg-ps'
  | 'mpeg-ts'
  | 'mpeg-video'
  | 'asf';

export type RejectedVideoCodec = 'hevc' | 'prores';

export interface VideoSignature {
  /** The container the bytes start with; null when they look like no video container at all. */
  container: VideoContainer | null;
  /** A codec we refuse, when its tag is visible in the given bytes. */
  rejectedCodec: RejectedVideoCodec | null;
  /** MP4/MOV sample entry types found (e.g. 'avc1', 'hvc1', 'mp4a'), for logs. */
  sampleEntries: string[];
}

/** Enough to see the container, and the moov box of a fast-start phone clip. */
export const SIGNATURE_HEAD_BYTES = 64 * 1024;
/** Enough to hold the moov box at the end of a one-minute phone clip. */
export const SIGNATURE_TAIL_BYTES = 256 * 1024;

/** HEVC sample entries: hvc1/hev1, and Dolby Vision on HEVC (iPhone HDR) dvh1/dvhe. */
const HEVC_ENTRIES = new Set(['hvc1', 'hev1', 'dvh1', 'dvhe']);
/** ProRes 422 HQ, 422, LT, Proxy, 4444, 4444 XQ, and ProRes RAW (HQ). */
const PRORES_ENTRIES = new Set(['apch', 'apcn', 'apcs', 'apco', 'ap4h', 'ap4x', 'aprn', 'aprh']);

/** ftyp brands that announce audio or still images, never a video. */
const NON_VIDEO_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'heic',
  'heix',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'jp2 ',
]);

/** Top-level QuickTime atoms an old .mov (without ftyp) may start with. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot', 'uuid']);

const ASF_HEADER_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];

export function sniffVideoSignature(head: Uint8Array, tail?: Uint8Array): VideoSignature {
  const container = detectContainer(head);
  const sampleEntries = container
    ? unique([...sampleEntryTypes(head), ...(tail ? sampleEntryTypes(tail) : [])])
    : [];
  let rejectedCodec: RejectedVideoCodec | null = null;
  if (container) {
    if (sampleEntries.some((type) => HEVC_ENTRIES.has(type))) rejectedCodec = 'hevc';
    else if (sampleEntries.some((type) => PRORES_ENTRIES.has(type))) rejectedCodec = 'prores';
    else if (container === 'matroska' || container === 'webm') {
      rejectedCodec = matroskaRejectedCodec(head) ?? (tail ? matroskaRejectedCodec(tail) : null);
    }
  }
  return { container, rejectedCodec, sampleEntries };
}

function detectContainer(bytes: Uint8Array): VideoContainer | null {
  if (bytes.length < 4) return null;
  const boxType = ascii(bytes, 4, 4);
  if (boxType === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (NON_VIDEO_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? 'quicktime' : 'mp4';
  }
  if (QUICKTIME_FIRST_ATOMS.has(boxType) && readUint32(bytes, 0) >= 8) return 'quicktime';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'AVI ') return 'avi';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The EBML header names the DocType near the start: "webm" or "matroska".
    return findAscii(bytes, 'webm', 0, 64) >= 0 ? 'webm' : 'matroska';
  }
  if (ascii(bytes, 0, 3) === 'FLV' && bytes[3] === 0x01) return 'flv';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba])) return 'mpeg-ps';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg-video';
  if (isTransportStream(bytes)) return 'mpeg-ts';
  if (startsWith(bytes, ASF_HEADER_GUID)) return 'asf';
  return null;
}

/** 188-byte TS packets (or 192-byte M2TS ones with a 4-byte prefix) all starting with 0x47. */
function isTransportStream(bytes: Uint8Array): boolean {
  for (const [offset, size] of [
    [0, 188],
    [4, 192],
  ]) {
    const packets = Math.min(4, Math.floor((bytes.length - offset) / size));
    if (packets < 2) continue;
    let sync = true;
    for (let i = 0; i < packets && sync; i += 1) sync = bytes[offset + i * size] === 0x47;
    if (sync) return true;
  }
  return false;
}

/**
 * The sample entry types of every 'stsd' box in the bytes. Searching for the box (validated by
 * its header) rather than walking from offset 0 works on a tail slice too, whose first byte is
 * not a box boundary.
 */
function sampleEntryTypes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  for (let at = findAscii(bytes, 'stsd', 4); at >= 0; at = findAscii(bytes, 'stsd', at + 4)) {
    const boxStart = at - 4;
    const boxSize = readUint32(bytes, boxStart);
    const version = bytes[at + 4];
    const entryCount = readUint32(bytes, at + 8);
    if (boxSize < 16 || version !== 0 || entryCount < 1 || entryCount > 16) continue;
    let entry = at + 12;
    const boxEnd = Math.min(boxStart + boxSize, bytes.length);
    for (let i = 0; i < entryCount && entry + 8 <= boxEnd; i += 1) {
      const entrySize = readUint32(bytes, entry);
      const type = ascii(bytes, entry + 4, 4);
      if (entrySize < 8 || !/^[\x20-\x7e]{4}$/.test(type)) break;
      types.push(type);
      entry += entrySize;
    }
  }
  return types;
}

/** Matroska CodecID strings: V_MPEGH/ISO/HEVC, V_PRORES. */
function matroskaRejectedCodec(bytes: Uint8Array): RejectedVideoCodec | null {
  if (findAscii(bytes, 'V_MPEGH/ISO/HEVC') >= 0) return 'hevc';
  if (findAscii(bytes, 'V_PRORES') >= 0) return 'prores';
  return null;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset < 0 || offset + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function readUint32(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 4 > bytes.length) return 0;
  return (
    bytes[offset] * 0x1000000 +
    ((bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3])
  );
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, i) => bytes[i] === value);
}

/** Offset of an ASCII string in the bytes at or after `from` (and before `to`), or -1. */
function findAscii(bytes: Uint8Array, text: string, from = 0, to = bytes.length): number {
  const first = text.charCodeAt(0);
  const last = Math.min(to, bytes.length) - text.length;
  outer: for (let i = Math.max(0, from); i <= last; i += 1) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < text.length; j += 1) {
      if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    }
    return i;
  }
  return -1;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
