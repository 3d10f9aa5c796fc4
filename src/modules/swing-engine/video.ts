/**
 * The engine's upload checks, for the web process: probe an uploaded video with ffprobe and say,
 * in the golfer's words, whether the engine can read it. Loads ffprobe, never onnxruntime.
 */
export {
  checkFileBasics,
  formatMegabytes,
  UPLOAD_ERROR_TITLES,
  validateUploadedVideo,
  type UploadedVideo,
  type VideoValidation,
} from './infrastructure/video/validate-video';
