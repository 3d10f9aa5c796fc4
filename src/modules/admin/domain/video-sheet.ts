/**
 * The exercise video database as a spreadsheet (spec section 2, /admin/downloads): one row per
 * video. Reading a sheet back checks every row and reports each problem with its row number;
 * the caller applies nothing unless every row is right.
 */
export const VIDEO_SHEET_NAME = 'Exercise Videos';
export const VIDEO_COLUMNS = [
  { header: 'Title', key: 'title', width: 42 },
  { header: 'Category', key: 'category', width: 34 },
  { header: 'Exercise', key: 'exercise', width: 32 },
  { header: 'Video URL', key: 'videoUrl', width: 46 },
  { header: 'Thumbnail', key: 'thumbnailUrl', width: 46 },
  { header: 'Duration', key: 'duration', width: 10 },
] as const;

/** A row as the sheet holds it (cells read as text). */
export interface VideoSheetRow {
  /** The spreadsheet's own row number (the header is row 1). */
  row: number;
  title: string;
  category: string;
  exercise: string;
  videoUrl: string;
  thumbnailUrl: string;
  duration: string;
}

/** What the library knows of an exercise, to check a row against. */
export interface ExerciseRef {
  slug: string;
  name: string;
  focusAreas: readonly string[];
}

export interface ImportedVideo {
  exerciseSlug: string;
  videoId: string;
  title: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

export interface RowError {
  row: number;
  message: string;
}

export type SheetCheck = { ok: true; videos: ImportedVideo[] } | { ok: false; errors: RowError[] };

/** '3:05', '185' or '' (unknown) -> seconds; undefined when unreadable. */
export function parseDuration(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(t);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d{1,5}$/.test(t) && Number(t) > 0) return Number(t);
  return undefined;
}

export const formatSheetDuration = (seconds: number | null): string =>
  seconds === null ? '' : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function checkVideoRows(
  rows: readonly VideoSheetRow[],
  exercises: readonly ExerciseRef[],
  categories: readonly string[],
  videoIdOf: (url: string) => string | null,
): SheetCheck {
  const byName = new Map(exercises.map((e) => [e.name.toLowerCase(), e]));
  const errors: RowError[] = [];
  const videos: ImportedVideo[] = [];
  const seenExercise = new Map<string, number>();
  const seenVideo = new Map<string, number>();
  const fail = (row: number, message: string) => errors.push({ row, message });

  for (const r of rows) {
    const problems = errors.length;
    const title = r.title.trim();
    if (!title) fail(r.row, 'Title is empty.');
    if (title.length > 200) fail(r.row, 'Title is longer than 200 characters.');
    const category = categories.find((c) => c.toLowerCase() === r.category.trim().toLowerCase());
    if (!category) fail(r.row, `Unknown category '${r.category.trim()}'.`);
    const exercise = byName.get(r.exercise.trim().toLowerCase());
    if (!exercise) fail(r.row, `Unknown exercise '${r.exercise.trim()}'.`);
    if (exercise && category && !exercise.focusAreas.includes(category)) {
      fail(r.row, `${exercise.name} does not train '${category}'.`);
    }
    const videoId = videoIdOf(r.videoUrl);
    if (!videoId) fail(r.row, `Video URL '${r.videoUrl.trim()}' is not a YouTube video link.`);
    const thumbnail = r.thumbnailUrl.trim();
    if (thumbnail && !/^https:\/\/[^\s]+$/.test(thumbnail)) {
      fail(r.row, 'Thumbnail must be an https:// link or empty.');
    }
    const duration = parseDuration(r.duration);
    if (duration === undefined) fail(r.row, `Duration '${r.duration.trim()}' is not m:ss.`);
    if (exercise) {
      const earlier = seenExercise.get(exercise.slug);
      if (earlier)
        fail(r.row, `Duplicate: ${exercise.name} already has a video on row ${earlier}.`);
      else seenExercise.set(exercise.slug, r.row);
    }
    if (videoId) {
      const earlier = seenVideo.get(videoId);
      if (earlier) fail(r.row, `Duplicate: this video is already on row ${earlier}.`);
      else seenVideo.set(videoId, r.row);
    }
    if (errors.length === problems && exercise && videoId && duration !== undefined) {
      videos.push({
        exerciseSlug: exercise.slug,
        videoId,
        title,
        thumbnailUrl: thumbnail || null,
        durationSeconds: duration,
      });
    }
  }
  if (rows.length === 0) fail(2, 'The sheet has no video rows.');
  return errors.length ? { ok: false, errors } : { ok: true, videos };
}
