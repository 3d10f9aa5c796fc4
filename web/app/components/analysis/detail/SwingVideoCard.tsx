import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  isUncertain,
  SWING_EVENTS,
  type PicturePlace,
  type SwingEventName,
  type VideoReport,
} from '../../../../../src/modules/swing-engine/rules';
import { useApiQuery } from '~/lib/use-api';
import { Card } from './Card';
import {
  FULL_FRAME,
  golferCrop,
  turnedPictureStyle,
  turnedSize,
  viewerLayout,
} from './golfer-crop';
import { drawSkeleton, frameAt, toOverlayTrack } from './pose-overlay';

export interface VideoSource {
  view: 'face-on' | 'down-the-line';
  label: string;
  videoUrl: string;
  poseUrl: string | null;
  report: VideoReport | null;
  /** One still per swing position (face-on only). */
  stills?: Partial<Record<SwingEventName, string>>;
}

export const EVENT_LABELS: Record<SwingEventName, string> = {
  address: 'Address',
  toeUp: 'Toe Up',
  midBackswing: 'Mid Backswing',
  top: 'Top',
  midDownswing: 'Mid Downswing',
  impact: 'Impact',
  midFollowThrough: 'Mid Follow-Through',
  finish: 'Finish',
};

/** Where the analysed golfer is, when another person is in the video. */
const PLACE_WORDS: Record<PicturePlace, string> = {
  left: 'on the left',
  right: 'on the right',
  top: 'at the top',
  bottom: 'at the bottom',
};

const SPEEDS = [1, 0.5, 0.25] as const;
const FULL_LAYER = { inset: 0 };

/**
 * Spec section 2: the swing video, up to 75% of the screen high, face-on / down-the-line. The
 * box takes the clip's aspect; 'Zoom to golfer' (on by default on a phone) crops to the golfer.
 */
export function SwingVideoCard({ sources }: { sources: VideoSource[] }) {
  const [view, setView] = useState(sources[0]?.view);
  const source = sources.find((s) => s.view === view) ?? sources[0];
  if (!source) return null;
  return (
    <Card
      title="Swing Video Analysis"
      subtitle="Tap a swing position to jump to it"
      testId="swing-video"
    >
      {sources.length > 1 && (
        <div className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1" role="tablist">
          {sources.map((s) => (
            <button
              key={s.view}
              type="button"
              role="tab"
              aria-selected={s.view === source.view}
              onClick={() => setView(s.view)}
              className={`rounded-lg py-2 text-sm font-semibold ${
                s.view === source.view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500'
              }`}
            >
              {s.label}
            </button>
          ))}
        </div>
      )}
      <SwingVideoPlayer key={source.view} source={source} />
    </Card>
  );
}

function SwingVideoPlayer({ source }: { source: VideoSource }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pose = useApiQuery<unknown>(source.poseUrl);
  const track = useMemo(() => (pose.data ? toOverlayTrack(pose.data) : null), [pose.data]);
  const [skeleton, setSkeleton] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(source.report?.duration ?? 0);
  const fps = source.report?.fps || track?.fps || 30;
  const events = source.report?.events ?? null;
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const frameSize = source.report?.width
    ? { width: source.report.width, height: source.report.height }
    : track
      ? { width: track.width, height: track.height }
      : natural;
  // A video stored on its side shows turned upright, as the golfer was measured.
  const turn = source.report?.pictureTurned ?? 0;
  const crop = useMemo(() => (track ? golferCrop(track, turn) : null), [track, turn]);
  const [zoom, setZoom] = useState(false);
  // On by default on a phone (after hydration: the server cannot know the screen's width).
  useEffect(() => {
    if (window.matchMedia('(max-width: 639px)').matches) setZoom(true);
  }, []);
  const zoomed = zoom && crop !== null;
  const layout = frameSize
    ? viewerLayout(turnedSize(frameSize, turn), zoomed ? crop : FULL_FRAME)
    : null;

  const draw = useCallback(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas) return;
    setTime(video.currentTime);
    if (!track || !skeleton) {
      canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
      canvas.dataset['frame'] = '';
      return;
    }
    const frame = frameAt(track, video.currentTime);
    const drawn = drawSkeleton(canvas, track, frame);
    canvas.dataset['frame'] = drawn && frame ? String(frame.index) : '';
  }, [track, skeleton]);

  // Redraw on every shown frame while playing, and after each seek or resize.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let raf = 0;
    const loop = () => {
      draw();
      if (!video.paused) raf = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      setPlaying(true);
      raf = requestAnimationFrame(loop);
    };
    const onPause = () => {
      setPlaying(false);
      draw();
    };
    const onMeta = () => {
      if (Number.isFinite(video.duration)) setDuration(video.duration);
      if (video.videoWidth > 0) setNatural({ width: video.videoWidth, height: video.videoHeight });
      draw();
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', draw);
    video.addEventListener('loadeddata', onMeta);
    video.addEventListener('loadedmetadata', onMeta);
    window.addEventListener('resize', draw);
    draw();
    return () => {
      cancelAnimationFrame(raf);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', draw);
      video.removeEventListener('loadeddata', onMeta);
      video.removeEventListener('loadedmetadata', onMeta);
      window.removeEventListener('resize', draw);
    };
  }, [draw]);

  // The canvas changes size with the zoom: draw the skeleton again at the new size.
  useEffect(() => draw(), [draw, zoomed, layout?.box.aspectRatio]);

  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    // A third of a frame past the frame's start: the browser shows that frame, not the one before.
    video.currentTime = Math.max(0, Math.min(seconds + 0.3 / fps, (duration || seconds) - 0.001));
    setTime(video.currentTime);
    draw();
  };
  const step = (frames: number) =>
    seek((videoRef.current?.currentTime ?? 0) + frames / fps - 0.3 / fps);
  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };
  const setSpeed = (speed: number) => {
    setRate(speed);
    if (videoRef.current) videoRef.current.playbackRate = speed;
  };
  const current = events ? currentEvent(events, time, fps) : null;

  return (
    <div>
      <div
        className={`relative mx-auto max-w-full overflow-hidden rounded-xl bg-black ${
          layout ? '' : 'h-[75vh] supports-[height:100dvh]:h-[75dvh]'
        }`}
        style={layout?.box}
        data-testid="video-viewer"
        data-zoomed={zoomed}
      >
        {/* The whole frame, scaled and shifted as one: video and skeleton stay together. */}
        <div className="absolute" style={layout?.layer ?? FULL_LAYER} data-testid="video-layer">
          <div
            className="absolute"
            style={frameSize ? turnedPictureStyle(frameSize, turn) : FULL_LAYER}
            data-testid="video-picture"
            data-turn={turn}
          >
            <video
              ref={videoRef}
              src={source.videoUrl}
              className="h-full w-full object-contain"
              playsInline
              muted
              preload="auto"
              onClick={togglePlay}
              aria-label={`${source.label} swing video`}
            />
            <canvas
              ref={canvasRef}
              className="pointer-events-none absolute inset-0 h-full w-full"
              data-testid="skeleton-overlay"
              aria-hidden="true"
            />
          </div>
        </div>
        {current && (
          <span className="absolute left-3 top-3 rounded-full bg-black/60 px-3 py-1 text-xs font-semibold text-white">
            {EVENT_LABELS[current]}
          </span>
        )}
        {source.poseUrl && pose.error && (
          <span className="absolute bottom-3 left-3 rounded bg-black/60 px-2 py-1 text-xs text-white">
            Skeleton unavailable
          </span>
        )}
      </div>

      {events && duration > 0 && (
        <Timeline events={events} duration={duration} time={time} onSeek={seek} />
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <ControlButton label="Previous frame" onClick={() => step(-1)}>
          <StepIcon direction="back" />
        </ControlButton>
        <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay} wide>
          {playing ? 'Pause' : 'Play'}
        </ControlButton>
        <ControlButton label="Next frame" onClick={() => step(1)}>
          <StepIcon direction="forward" />
        </ControlButton>
        <div className="ml-auto flex gap-1" role="group" aria-label="Slow motion">
          {SPEEDS.map((speed) => (
            <button
              key={speed}
              type="button"
              aria-pressed={rate === speed}
              onClick={() => setSpeed(speed)}
              className={`rounded-lg px-2 py-2 text-xs font-semibold ${
                rate === speed ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {speed}x
            </button>
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={skeleton}
            onChange={(e) => setSkeleton(e.target.checked)}
          />
          Show skeleton overlay
        </label>
        {crop && (
          <button
            type="button"
            aria-pressed={zoom}
            onClick={() => setZoom(!zoom)}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${
              zoom ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700'
            }`}
          >
            Zoom to golfer
          </button>
        )}
      </div>

      {events && (
        <div className="mt-3 grid grid-cols-2 gap-2" data-testid="event-markers">
          {SWING_EVENTS.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => seek(events[name].time)}
              aria-pressed={current === name}
              className={`flex items-center gap-2 rounded-lg border p-1.5 text-left text-xs ${
                current === name ? 'border-brand bg-brand-light' : 'border-slate-200'
              }`}
            >
              {source.stills?.[name] && (
                <img
                  src={source.stills[name]}
                  alt=""
                  loading="lazy"
                  onError={(event) => (event.currentTarget.style.display = 'none')}
                  className="h-10 w-10 shrink-0 rounded object-cover"
                />
              )}
              <span>
                <span className="block font-semibold text-slate-900">{EVENT_LABELS[name]}</span>
                <span className="text-slate-500">
                  {events[name].time.toFixed(2)} s
                  {events[name].basis === 'interpolated' ? ' · estimated' : ''}
                  {isUncertain(events[name]) ? ' · uncertain' : ''}
                </span>
              </span>
            </button>
          ))}
        </div>
      )}
      {(source.report?.swingsFound ?? 1) > 1 && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
          {`This video holds ${source.report!.swingsFoundAtLeast ? 'at least ' : ''}` +
            `${source.report!.swingsFound} swings: the clearest one is analysed.`}
        </p>
      )}
      {source.report?.analysedGolferPlace && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
          {`Another person is in this video: the golfer ${PLACE_WORDS[source.report.analysedGolferPlace]} is analysed.`}
        </p>
      )}
      {source.report?.pictureTurned && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
          {`This video is ${source.report.pictureTurned === 180 ? 'upside down' : 'on its side'}: ` +
            'the golfer is measured as if it were upright.'}
        </p>
      )}
      {source.report?.replaySeen && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
          This video holds a slow-motion replay: the swing filmed in real time is analysed.
        </p>
      )}
      {source.report?.viewWarning && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-xs text-amber-900">
          {source.report.viewWarning}
        </p>
      )}
    </div>
  );
}

/** The event shown now: the one whose frame is on screen (within half a frame). */
function currentEvent(
  events: VideoReport['events'],
  time: number,
  fps: number,
): SwingEventName | null {
  return (
    SWING_EVENTS.find((name) => Math.abs(events[name].time + 0.3 / fps - time) < 0.5 / fps) ?? null
  );
}

function Timeline(props: {
  events: VideoReport['events'];
  duration: number;
  time: number;
  onSeek: (seconds: number) => void;
}) {
  const at = (seconds: number) =>
    `${Math.min(100, Math.max(0, (seconds / props.duration) * 100))}%`;
  return (
    <div
      className="relative mt-3 h-6 cursor-pointer"
      data-testid="timeline"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        props.onSeek(((event.clientX - box.left) / box.width) * props.duration);
      }}
    >
      <div className="absolute inset-x-0 top-2.5 h-1 rounded-full bg-slate-200" />
      <div
        className="absolute left-0 top-2.5 h-1 rounded-full bg-brand"
        style={{ width: at(props.time) }}
      />
      {SWING_EVENTS.map((name) => (
        <span
          key={name}
          title={EVENT_LABELS[name]}
          className="absolute top-1 h-4 w-1.5 -translate-x-1/2 rounded-full bg-amber-500"
          style={{ left: at(props.events[name].time) }}
        />
      ))}
    </div>
  );
}

function ControlButton(props: {
  label: string;
  onClick: () => void;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      onClick={props.onClick}
      className={`rounded-lg bg-slate-900 py-2 text-sm font-semibold text-white ${props.wide ? 'px-3.5' : 'px-3'}`}
    >
      {props.children}
    </button>
  );
}

/** A bar and a triangle: one frame back or forward. */
function StepIcon({ direction }: { direction: 'back' | 'forward' }) {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
      {direction === 'back' ? (
        <path d="M6 5h2.5v14H6zM19 5v14l-9.5-7z" />
      ) : (
        <path d="M15.5 5H18v14h-2.5zM5 5v14l9.5-7z" />
      )}
    </svg>
  );
}
