/**
 * Server-side check of an uploaded swing video (product spec section 5; titles from section 8).
 * The browser runs the same rules first, but nothing it says is trusted: sizes are re-checked,
 * the bytes are sniffed before any demuxer sees them, and ffprobe has the last word on codecs,
 * resolution and length.
 */
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  SIGNATURE_HEAD_BYTES,
  SIGNATURE_TAIL_BYTES,
  sniffVideoSignature,
} from '../../domain/video-signature';
import { probeVideo, VideoProbeError, type VideoInfo } from './probe-video';

import { ACCEPTED_VIDEO_EXTENSIONS, MAX_VIDEO_BYTES } from '../../domain/video-upload-rules';

/**
 * 4K at most (DCI 4096 wide, UHD 2160 high, either orientation): every pose pass decodes each
 * frame at full size before scaling, and 8K quadruples that cost for no gain at 256 px input.
 */
export const MAX_VIDEO_LONG_SIDE = 4096;
export const MAX_VIDEO_SHORT_SIDE = 2160;

/**
 * A swing lasts about 3 s. One minute leaves room for setup, practice swings and slow-motion
 * exports (240 fps slow motion played at 30 fps runs 8 times longer), and bounds the coarse pass
 * that looks for the swing.
 */
export const MAX_VIDEO_SECONDS = 60;

export const UPLOAD_ERROR_TITLES = {
  iphoneFormat: 'iPhone Video Format Not Supported',
  professionalFormat: 'Professional Video Format Not Supported',
  formatNotSupported: 'Video Format Not Supported',
  tooLarge: 'File Too Large',
  invalid: 'Invalid Video File',
  tooLong: 'Video Too Long',
} as const;

export type VideoRejection =
  | 'empty'
  | 'too-large'
  | 'extension'
  | 'not-video'
  | 'hevc'
  | 'prores'
  | 'damaged'
  | 'resolution'
  | 'duration';

export type VideoValidation =
  | { ok: true; info: VideoInfo }
  | { ok: false; reason: VideoRejection; title: string; message: string };

export interface UploadedVideo {
  /** The name the user's file had; only its extension is used. */
  originalName: string;
  /** Where the upload was stored on this server. */
  path: string;
  /** Bytes received. */
  size: number;
}

export interface ValidateVideoOptions {
  probeTimeoutMs?: number;
}

const HEVC_MESSAGE =
  'This video uses the HEVC (H.265) format, which cannot be analyzed. On iPhone, set the camera ' +
  'to Most Compatible (Settings > Camera > Formats) and record again, or convert the video to ' +
  'MP4 (H.264).';
const PRORES_MESSAGE =
  'This video uses Apple ProRes, a professional editing format that cannot be analyzed. Please ' +
  'export it as an H.264 MP4 and upload it again.';
const DAMAGED_MESSAGE =
  'Video file appears to be damaged or incomplete. Please export it again and upload the new file.';

export async function validateUploadedVideo(
  file: UploadedVideo,
  options: ValidateVideoOptions = {},
): Promise<VideoValidation> {
  const early = checkFileBasics(file.originalName, file.size);
  if (early) return early;

  const { head, tail, size } = await readEnds(file.path);
  // The bytes on disk are what gets analysed; recheck them against the size limits.
  const onDisk = size === file.size ? null : checkFileBasics(file.originalName, size);
  if (onDisk) return onDisk;
  const signature = sniffVideoSignature(head, tail);
  if (!signature.container) return notAVideo();
  if (signature.rejectedCodec) return rejectCodec(signature.rejectedCodec);

  let info: VideoInfo;
  try {
    info = await probeVideo(file.path, { timeoutMs: options.probeTimeoutMs });
  } catch (error) {
    if (error instanceof VideoProbeError) return damaged();
    throw error;
  }
  return checkVideoInfo(info);
}

/** Size and name rules, which need no file access (the browser can run these as they are). */
export function checkFileBasics(originalName: string, size: number): VideoValidation | null {
  if (size <= 0) return emptyFile();
  if (size > MAX_VIDEO_BYTES) {
    return {
      ok: false,
      reason: 'too-large',
      title: UPLOAD_ERROR_TITLES.tooLarge,
      message: `File size (${formatMegabytes(size)} MB) exceeds 100MB limit`,
    };
  }
  const extension = extname(originalName).slice(1).toLowerCase();
  // A name without extension is judged by its content alone.
  if (extension && !ACCEPTED_VIDEO_EXTENSIONS.includes(extension)) {
    return {
      ok: false,
      reason: 'extension',
      title: UPLOAD_ERROR_TITLES.formatNotSupported,
      message: `${extension.toUpperCase()} format is not supported`,
    };
  }
  return null;
}

/**
 * Megabytes with one decimal, rounded up: a file just over the limit reads "100.1 MB", never a
 * contradictory "File size (100.0 MB) exceeds 100MB limit".
 */
export function formatMegabytes(bytes: number): string {
  return (Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
}

/** The rules that need the probe: a real video stream, its codec, size and length. */
export function checkVideoInfo(info: VideoInfo): VideoValidation {
  const video = info.video;
  if (!video) return notAVideo();
  if (video.codec === 'hevc') return rejectCodec('hevc');
  if (video.codec === 'prores' || video.codec === 'prores_raw') return rejectCodec('prores');
  const longSide = Math.max(video.uprightWidth, video.uprightHeight);
  const shortSide = Math.min(video.uprightWidth, video.uprightHeight);
  if (longSide > MAX_VIDEO_LONG_SIDE || shortSide > MAX_VIDEO_SHORT_SIDE) {
    return {
      ok: false,
      reason: 'resolution',
      title: UPLOAD_ERROR_TITLES.formatNotSupported,
      message:
        `Video resolution (${video.uprightWidth}x${video.uprightHeight}) is above the 4K limit. ` +
        'Please record or export the video at 4K or lower.',
    };
  }
  if (info.duration === null || video.frameCount === 0) return damaged();
  if (info.duration > MAX_VIDEO_SECONDS) {
    return {
      ok: false,
      reason: 'duration',
      title: UPLOAD_ERROR_TITLES.tooLong,
      message:
        `Video is ${info.duration.toFixed(1)} seconds long; the limit is ${MAX_VIDEO_SECONDS} ` +
        'seconds. Please trim it to the swing and upload it again.',
    };
  }
  return { ok: true, info };
}

function emptyFile(): VideoValidation {
  return {
    ok: false,
    reason: 'empty',
    title: UPLOAD_ERROR_TITLES.invalid,
    message: 'Video file appears to be empty',
  };
}

function notAVideo(): VideoValidation {
  return {
    ok: false,
    reason: 'not-video',
    title: UPLOAD_ERROR_TITLES.invalid,
    message: 'Selected file is not a video',
  };
}

function damaged(): VideoValidation {
  return {
    ok: false,
    reason: 'damaged',
    title: UPLOAD_ERROR_TITLES.invalid,
    message: DAMAGED_MESSAGE,
  };
}

function rejectCodec(codec: 'hevc' | 'prores'): VideoValidation {
  return codec === 'hevc'
    ? { ok: false, reason: 'hevc', title: UPLOAD_ERROR_TITLES.iphoneFormat, message: HEVC_MESSAGE }
    : {
        ok: false,
        reason: 'prores',
        title: UPLOAD_ERROR_TITLES.professionalFormat,
        message: PRORES_MESSAGE,
      };
}

/** The first and last bytes of the file, where containers keep their headers and moov box. */
async function readEnds(
  path: string,
): Promise<{ head: Uint8Array; tail: Uint8Array; size: number }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, SIGNATURE_HEAD_BYTES));
    const headRead = (await handle.read(head, 0, head.length, 0)).bytesRead;
    const tailLength = Math.min(Math.max(0, size - headRead), SIGNATURE_TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    const tailRead = (await handle.read(tail, 0, tailLength, size - tailLength)).bytesRead;
    return { head: head.subarray(0, headRead), tail: tail.subarray(0, tailRead), size };
  } finally {
    await handle.close();
  }
}
