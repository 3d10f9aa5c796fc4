/**
 * A curated exercise video on YouTube. We keep the 11-character video id; every URL is built
 * from it, so a stored video can only ever point at YouTube.
 */
export interface ExerciseVideo {
  videoId: string;
  title: string;
  /** Null: the video site's own thumbnail of the video is used. */
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);

export const isVideoId = (value: string): boolean => VIDEO_ID.test(value);

/**
 * The video id of a YouTube watch, short, embed or shorts URL, or of a bare id; null for
 * anything else.
 */
export function youtubeVideoId(urlOrId: string): string | null {
  const text = urlOrId.trim();
  if (isVideoId(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!['https:', 'http:'].includes(url.protocol) || !YOUTUBE_HOSTS.has(url.hostname)) {
    return null;
  }
  const path = url.pathname.split('/').filter(Boolean);
  const candidate =
    url.hostname === 'youtu.be'
      ? path[0]
      : path[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(path[0] ?? '')
          ? path[1]
          : undefined;
  return candidate && isVideoId(candidate) ? candidate : null;
}

/** The privacy-enhanced embed host: no cookies until the golfer plays the video. */
export const embedUrl = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}`;
export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
export const defaultThumbnailUrl = (videoId: string) =>
  `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

/** Without a curated video, Watch searches the video site (spec section 2, Video dialog). */
export const videoSearchUrl = (exerciseName: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(`${exerciseName} golf exercise`)}`;
