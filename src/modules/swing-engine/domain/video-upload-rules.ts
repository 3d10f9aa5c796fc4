/**
 * Spec sections 5 and 9's file rules, shared by the server's checks and the browser's (one list,
 * so the two cannot drift apart).
 */

/** Upload limit 100MB, counted in MiB like the browser's file.size / 1024². */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const ACCEPTED_VIDEO_EXTENSIONS: readonly string[] = [
  'mp4',
  'mov',
  'avi',
  'mpg',
  'mpeg',
  'wmv',
  'webm',
  'flv',
  'm4v',
  '3gp',
  'mkv',
];

/** The upload form's video fields and the camera view each one is. */
export const VIDEO_FIELDS = { faceOnVideo: 'face-on', downTheLineVideo: 'down-the-line' } as const;
export type VideoField = keyof typeof VIDEO_FIELDS;
