/**
 * Spec section 5's checks on a chosen video file, in the browser before anything is sent (the
 * server repeats them all). HEVC and ProRes are recognised from the file's own bytes with the
 * analysis module's pure sniffer, so an iPhone HEVC clip is refused before a 60 MB upload.
 */
import {
  SIGNATURE_HEAD_BYTES,
  SIGNATURE_TAIL_BYTES,
  sniffVideoSignature,
  ACCEPTED_VIDEO_EXTENSIONS,
  MAX_VIDEO_BYTES,
} from '../../../src/modules/swing-engine/rules';

/** Spec section 8's file error titles. */
export const FILE_ERROR_TITLES = {
  hevc: 'iPhone Video Format Not Supported',
  prores: 'Professional Video Format Not Supported',
  format: 'Video Format Not Supported',
  tooLarge: 'File Too Large',
  invalid: 'Invalid Video File',
} as const;

export const HEVC_MESSAGE =
  'This video uses the HEVC (H.265) format, which cannot be analyzed. On iPhone, set the camera ' +
  'to Most Compatible (Settings > Camera > Formats) and record again, or convert the video to ' +
  'MP4 (H.264).';
export const PRORES_MESSAGE =
  'This video uses Apple ProRes, a professional editing format that cannot be analyzed. Please ' +
  'export it as an H.264 MP4 and upload it again.';

export interface FileProblem {
  title: string;
  message: string;
}

/** What the `accept` attribute of the file inputs lists. */
export const VIDEO_ACCEPT = ['video/*', ...ACCEPTED_VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(
  ',',
);

/** Megabytes with one decimal, rounded up (never "100.0 MB exceeds 100MB"). */
export function formatMegabytes(bytes: number): string {
  return (Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
}

/**
 * A file's size as the drop zone shows it: '6 bytes', '12 KB', '3.4 MB' (binary units, as the
 * 100MB limit counts them); never a tiny file rounded up to '0.1 MB'.
 */
export function formatFileSize(bytes: number): string {
  const KB = 1024;
  const MB = KB * 1024;
  if (bytes < KB) return bytes === 1 ? '1 byte' : `${bytes.toLocaleString('en-US')} bytes`;
  const [value, unit] = bytes < MB ? [bytes / KB, 'KB'] : [bytes / MB, 'MB'];
  const digits = value < 10 ? 1 : 0;
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
  return `${text} ${unit}`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Checks that need only the name, size and type. */
export function checkFileBasics(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  if (file.size === 0) {
    return { title: FILE_ERROR_TITLES.invalid, message: 'Video file appears to be empty' };
  }
  if (file.size > MAX_VIDEO_BYTES) {
    return {
      title: FILE_ERROR_TITLES.tooLarge,
      message: `File size (${formatMegabytes(file.size)} MB) exceeds 100MB limit`,
    };
  }
  const ext = extensionOf(file.name);
  if (ext && !ACCEPTED_VIDEO_EXTENSIONS.includes(ext)) {
    return {
      title: FILE_ERROR_TITLES.format,
      message: `${ext.toUpperCase()} format is not supported`,
    };
  }
  if (file.type && !file.type.startsWith('video/') && !ext) {
    return { title: FILE_ERROR_TITLES.invalid, message: 'Selected file is not a video' };
  }
  return null;
}

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** Every check, including the container and codec read from the first and last bytes. */
export async function checkVideoFile(file: File): Promise<FileProblem | null> {
  const basic = checkFileBasics(file);
  if (basic) return basic;
  const head = await bytes(file.slice(0, SIGNATURE_HEAD_BYTES));
  const tailStart = Math.max(head.length, file.size - SIGNATURE_TAIL_BYTES);
  const tail = tailStart < file.size ? await bytes(file.slice(tailStart)) : undefined;
  const signature = sniffVideoSignature(head, tail);
  if (!signature.container) {
    return { title: FILE_ERROR_TITLES.invalid, message: 'Selected file is not a video' };
  }
  if (signature.rejectedCodec === 'hevc') {
    return { title: FILE_ERROR_TITLES.hevc, message: HEVC_MESSAGE };
  }
  if (signature.rejectedCodec === 'prores') {
    return { title: FILE_ERROR_TITLES.prores, message: PRORES_MESSAGE };
  }
  return null;
}
