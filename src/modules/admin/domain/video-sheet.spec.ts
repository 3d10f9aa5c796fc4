import { checkVideoRows, parseDuration, type VideoSheetRow } from './video-sheet';

const exercises = [
  { slug: 'open-book', name: 'Open Book', focusAreas: ['Thoracic Spine Mobility'] },
  { slug: 'glute-bridge', name: 'Glute Bridge', focusAreas: ['Pelvic Mobility & Control'] },
];
const categories = ['Thoracic Spine Mobility', 'Pelvic Mobility & Control'];
const idOf = (url: string) => /v=([A-Za-z0-9_-]{11})$/.exec(url)?.[1] ?? null;
const row = (n: number, patch: Partial<VideoSheetRow> = {}): VideoSheetRow => ({
  row: n,
  title: 'Open Book, step by step',
  category: 'Thoracic Spine Mobility',
  exercise: 'Open Book',
  videoUrl: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
  thumbnailUrl: '',
  duration: '2:05',
  ...patch,
});

describe('checkVideoRows', () => {
  it('reads good rows into videos', () => {
    const result = checkVideoRows(
      [
        row(2),
        row(3, {
          exercise: 'glute bridge',
          category: 'pelvic mobility & control',
          videoUrl: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
          duration: '',
        }),
      ],
      exercises,
      categories,
      idOf,
    );
    expect(result).toEqual({
      ok: true,
      videos: [
        {
          exerciseSlug: 'open-book',
          videoId: 'aaaaaaaaaaa',
          title: 'Open Book, step by step',
          thumbnailUrl: null,
          durationSeconds: 125,
        },
        {
          exerciseSlug: 'glute-bridge',
          videoId: 'bbbbbbbbbbb',
          title: 'Open Book, step by step',
          thumbnailUrl: null,
          durationSeconds: null,
        },
      ],
    });
  });

  it('names every bad row and what is wrong with it', () => {
    const result = checkVideoRows(
      [
        row(2),
        row(3, { category: 'Putting' }),
        row(4, { videoUrl: 'https://vimeo.com/1' }),
        row(5, { exercise: 'Open Book', videoUrl: 'https://www.youtube.com/watch?v=ccccccccccc' }),
        row(6, { exercise: 'Moonwalk' }),
        row(7, { exercise: 'Glute Bridge' }),
        row(8, {
          duration: 'long',
          exercise: 'Glute Bridge',
          category: 'Pelvic Mobility & Control',
        }),
      ],
      exercises,
      categories,
      idOf,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { row: 3, message: "Unknown category 'Putting'." },
      { row: 3, message: 'Duplicate: Open Book already has a video on row 2.' },
      { row: 3, message: 'Duplicate: this video is already on row 2.' },
      { row: 4, message: "Video URL 'https://vimeo.com/1' is not a YouTube video link." },
      { row: 4, message: 'Duplicate: Open Book already has a video on row 2.' },
      { row: 5, message: 'Duplicate: Open Book already has a video on row 2.' },
      { row: 6, message: "Unknown exercise 'Moonwalk'." },
      { row: 6, message: 'Duplicate: this video is already on row 2.' },
      { row: 7, message: "Glute Bridge does not train 'Thoracic Spine Mobility'." },
      { row: 7, message: 'Duplicate: this video is already on row 2.' },
      { row: 8, message: "Duration 'long' is not m:ss." },
      { row: 8, message: 'Duplicate: Glute Bridge already has a video on row 7.' },
      { row: 8, message: 'Duplicate: this video is already on row 2.' },
    ]);
  });

  it('refuses an empty sheet', () => {
    expect(checkVideoRows([], exercises, categories, idOf).ok).toBe(false);
  });

  it.each([
    ['3:05', 185],
    ['185', 185],
    ['', null],
    ['3:75', undefined],
    ['-4', undefined],
  ])('reads the duration %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});
