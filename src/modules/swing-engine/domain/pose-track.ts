/**
 * The pose track: what the pose stage hands to the swing rules. Pure data, no I/O.
 * Landmark order is MediaPipe BlazePose's 33 points (see LANDMARK).
 */

/** One image landmark: x, y in pixels of the (upright) source frame; z relative depth. */
export interface ImageLandmark {
  x: number;
  y: number;
  z: number;
  /** 0..1, sigmoid of the model's visibility logit. */
  visibility: number;
  /** 0..1, sigmoid of the model's presence logit. */
  presence: number;
}

/** One world landmark: metres, origin between the hips, y pointing down (MediaPipe convention). */
export interface WorldLandmark {
  x: number;
  y: number;
  z: number;
}

/**
 * The camera's pan and zoom at a frame, since the first frame of its run: a background point at
 * q there is at scale * q + (x, y) here, in pixels.
 */
export interface CameraMotion {
  x: number;
  y: number;
  scale: number;
}

export interface PoseFrame {
  /** 0-based index among decoded frames of the first video stream (the labels' numbering). */
  index: number;
  /** Presentation time in seconds from the stream start (variable frame rate safe). */
  time: number;
  /** Pose score 0..1; frames without a person have no landmarks. */
  score: number;
  landmarks: ImageLandmark[] | null;
  world: WorldLandmark[] | null;
  /**
   * Posed from the crop and its mirror image, averaged (the frames metrics are read at): the
   * landmark model is not mirror-symmetric, the average is.
   */
  mirrorAveraged?: boolean;
  /** The first frame after a cut (another shot: a replay, a second camera, an end card). */
  cut?: boolean;
  /**
   * How much the picture changed since the previous decoded frame (grey levels over its most
   * changed parts, see pictureChange); absent where that frame was not decoded just before.
   */
  change?: number;
  /**
   * The same, over the part of the picture where the club rests at address (from the hands down
   * past the feet, by this frame's pose): its few most changed parts, where the club head's
   * first move shows. Absent where `change` is, or the frame has no pose.
   */
  clubChange?: number;
  /**
   * The same zone's change pixel by pixel: its most changed pixels, a club head's few
   * (picture-motion.ts zonePixelChange). Absent where `clubChange` is, or the zone holds too
   * few pixels.
   */
  clubPixelChange?: number;
  /**
   * How the picture has moved since the first frame of its run of neighbouring decoded frames:
   * the camera's own pan and zoom, read off the background (camera-motion.ts). Absent on the
   * coarse pass and where the background could not be matched.
   */
  camera?: CameraMotion;
}

export interface PoseTrack {
  /** Upright frame size after rotation metadata is applied. */
  width: number;
  height: number;
  fps: number;
  frames: PoseFrame[];
}

/** BlazePose landmark indices. */
export const LANDMARK = {
  nose: 0,
  leftEyeInner: 1,
  leftEye: 2,
  leftEyeOuter: 3,
  rightEyeInner: 4,
  rightEye: 5,
  rightEyeOuter: 6,
  leftEar: 7,
  rightEar: 8,
  mouthLeft: 9,
  mouthRight: 10,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftThumb: 21,
  rightThumb: 22,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
  leftHeel: 29,
  rightHeel: 30,
  leftFootIndex: 31,
  rightFootIndex: 32,
} as const;

export const LANDMARK_COUNT = 33;

/** Skeleton edges for overlays. */
export const POSE_CONNECTIONS: ReadonlyArray<readonly [number, number]> = [
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
  [11, 23],
  [12, 24],
  [23, 24],
  [23, 25],
  [25, 27],
  [24, 26],
  [26, 28],
  [27, 29],
  [29, 31],
  [27, 31],
  [28, 30],
  [30, 32],
  [28, 32],
  [15, 17],
  [15, 19],
  [15, 21],
  [17, 19],
  [16, 18],
  [16, 20],
  [16, 22],
  [18, 20],
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 7],
  [0, 4],
  [4, 5],
  [5, 6],
  [6, 8],
  [9, 10],
];

export type SwingEventName =
  | 'address'
  | 'toeUp'
  | 'midBackswing'
  | 'top'
  | 'midDownswing'
  | 'impact'
  | 'midFollowThrough'
  | 'finish';

/** GolfDB's eight events, in swing order. */
export const SWING_EVENTS: readonly SwingEventName[] = [
  'address',
  'toeUp',
  'midBackswing',
  'top',
  'midDownswing',
  'impact',
  'midFollowThrough',
  'finish',
];
