import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { AppError } from '../../../shared/errors/app-errors';
import { ExerciseLibraryService } from '../../workout/application/exercise-library.service';
import {
  defaultThumbnailUrl,
  ExerciseVideosService,
  watchUrl,
  youtubeVideoId,
} from '../../workout/application/exercise-videos.service';
import {
  checkVideoRows,
  formatSheetDuration,
  VIDEO_COLUMNS,
  VIDEO_SHEET_NAME,
  type RowError,
  type VideoSheetRow,
} from '../domain/video-sheet';

export const VIDEO_WORKBOOK_NAME = 'golf-exercise-videos.xlsx';

/** /admin/downloads' statistics, computed from the database at each request. */
export interface VideoDatabaseStats {
  videos: number;
  categories: Array<{ name: string; count: number }>;
  fileSizeBytes: number;
}

export class SheetRejected extends AppError {
  constructor(readonly errors: RowError[]) {
    const rows = new Set(errors.map((e) => e.row)).size;
    super(`Nothing was imported: ${rows} ${rows === 1 ? 'row has' : 'rows have'} problems.`, 400, {
      errors,
    });
  }
}

const MAX_ROWS = 5_000;

/** The exercise video database as a workbook: downloaded, edited and uploaded back. */
@Injectable()
export class VideoDatabaseService {
  constructor(
    private readonly library: ExerciseLibraryService,
    private readonly videos: ExerciseVideosService,
  ) {}

  async workbook(): Promise<Buffer> {
    const rows = await this.rows();
    const book = new ExcelJS.Workbook();
    book.creator = 'SwingFit';
    const sheet = book.addWorksheet(VIDEO_SHEET_NAME);
    sheet.columns = VIDEO_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  async stats(): Promise<VideoDatabaseStats> {
    const [rows, file] = await Promise.all([this.rows(), this.workbook()]);
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
    return {
      videos: rows.length,
      categories: [...counts]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      fileSizeBytes: file.length,
    };
  }

  /** Reads an edited workbook; every row is checked and nothing is stored unless all pass. */
  async import(file: unknown): Promise<{ imported: number }> {
    if (!Buffer.isBuffer(file) || file.length === 0) {
      throw new AppError('Choose the .xlsx file to upload.', 400);
    }
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw new AppError('That file is not an Excel workbook (.xlsx).', 400);
    }
    const sheet = book.getWorksheet(VIDEO_SHEET_NAME) ?? book.worksheets[0];
    if (!sheet) throw new AppError('The workbook has no sheet.', 400);
    const headers = VIDEO_COLUMNS.map((c, i) => text(sheet.getRow(1).getCell(i + 1).value));
    const expected = VIDEO_COLUMNS.map((c) => c.header);
    if (headers.join('|').toLowerCase() !== expected.join('|').toLowerCase()) {
      throw new SheetRejected([
        { row: 1, message: `The columns must be: ${expected.join(', ')}.` },
      ]);
    }
    const rows: VideoSheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number === 1) return;
      const cell = (i: number) => text(row.getCell(i + 1).value);
      const values = VIDEO_COLUMNS.map((_, i) => cell(i));
      if (values.every((v) => v === '')) return;
      rows.push({
        row: number,
        title: values[0]!,
        category: values[1]!,
        exercise: values[2]!,
        videoUrl: values[3]!,
        thumbnailUrl: values[4]!,
        duration: values[5]!,
      });
    });
    if (rows.length > MAX_ROWS) {
      throw new SheetRejected([{ row: MAX_ROWS + 2, message: `At most ${MAX_ROWS} rows.` }]);
    }
    const exercises = await this.library.library();
    const categories = [...new Set(exercises.flatMap((e) => e.focusAreas))];
    const check = checkVideoRows(rows, exercises, categories, youtubeVideoId);
    if (!check.ok) throw new SheetRejected(check.errors);
    await this.videos.upsertAll(check.videos);
    return { imported: check.videos.length };
  }

  private async rows() {
    const [exercises, videos] = await Promise.all([this.library.library(), this.videos.all()]);
    const bySlug = new Map(exercises.map((e) => [e.slug, e]));
    return videos
      .filter((v) => bySlug.has(v.exerciseSlug))
      .map(({ exerciseSlug, video }) => {
        const exercise = bySlug.get(exerciseSlug)!;
        return {
          title: video.title,
          category: exercise.focusAreas[0] ?? '',
          exercise: exercise.name,
          videoUrl: watchUrl(video.videoId),
          thumbnailUrl: video.thumbnailUrl ?? defaultThumbnailUrl(video.videoId),
          duration: formatSheetDuration(video.durationSeconds),
        };
      })
      .sort((a, b) => a.category.localeCompare(b.category) || a.exercise.localeCompare(b.exercise));
  }
}

/** A cell's value as text: hyperlinks by their address, numbers as written. */
function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('hyperlink' in value) return String(value.hyperlink).trim();
    if ('text' in value) return String(value.text).trim();
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value).trim();
}
