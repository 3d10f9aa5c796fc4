import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, RefusedError } from '../../../shared/errors/app-errors';
import { IdentityService } from '../../identity/application/identity.service';
import {
  defaultThumbnailUrl,
  embedUrl,
  isVideoId,
  watchUrl,
  youtubeVideoId,
  type ExerciseVideo,
} from '../domain/exercise-video';

/** How a video is linked and read from a link, for other modules (the admin's spreadsheet). */
export { defaultThumbnailUrl, watchUrl, youtubeVideoId };

/** Spec section 3: the embed response (plus the title the dialog shows). */
export interface VideoEmbed {
  embedUrl: string;
  watchUrl: string;
  title: string;
}

interface VideoRow {
  exercise_slug: string;
  video_id: string;
  title: string;
  thumbnail_url: string | null;
  duration_seconds: number | null;
}

/** The curated exercise videos (table exercise_videos) and their embeds. */
@Injectable()
export class ExerciseVideosService {
  constructor(
    private readonly em: EntityManager,
    private readonly identity: IdentityService,
  ) {}

  /** The curated video of each of these exercises that has one. */
  async forExercises(slugs: readonly string[]): Promise<Map<string, ExerciseVideo>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<VideoRow[]>(
        `select "exercise_slug", "video_id", "title", "thumbnail_url", "duration_seconds"
           from "exercise_videos" where "exercise_slug" = any(?::text[])`,
        [`{${slugs.map((s) => `"${s}"`).join(',')}}`],
        'all',
      );
    return new Map(rows.map((r) => [r.exercise_slug, toVideo(r)]));
  }

  /** Every curated video with its exercise (the admin's video database). */
  async all(): Promise<Array<{ exerciseSlug: string; video: ExerciseVideo }>> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<VideoRow[]>(
        `select "exercise_slug", "video_id", "title", "thumbnail_url", "duration_seconds"
           from "exercise_videos" order by "exercise_slug"`,
        [],
        'all',
      );
    return rows.map((r) => ({ exerciseSlug: r.exercise_slug, video: toVideo(r) }));
  }

  /**
   * Adds or changes the curated video of each exercise named, all in one transaction: either
   * every video is stored or none. Exercises not named keep theirs.
   */
  async upsertAll(videos: ReadonlyArray<{ exerciseSlug: string } & ExerciseVideo>): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const db = tx.getConnection();
      // A video moving to another exercise first leaves its old one (video ids are unique).
      await db.execute(`delete from "exercise_videos" where "video_id" = any(?::text[])`, [
        `{${videos.map((v) => `"${v.videoId}"`).join(',')}}`,
      ]);
      for (const v of videos) {
        await db.execute(
          `insert into "exercise_videos" ("exercise_slug", "video_id", "title", "thumbnail_url", "duration_seconds")
           values (?, ?, ?, ?, ?)
           on conflict ("exercise_slug") do update set "video_id" = excluded."video_id",
             "title" = excluded."title", "thumbnail_url" = excluded."thumbnail_url",
             "duration_seconds" = excluded."duration_seconds", "updated_at" = now()`,
          [v.exerciseSlug, v.videoId, v.title, v.thumbnailUrl, v.durationSeconds],
        );
      }
    });
  }

  /** GET /api/youtube/embed/{videoId}: premium only; only videos we curated. */
  async embed(userId: string, videoId: string): Promise<VideoEmbed> {
    const user = await this.identity.currentUser(userId);
    if (!user?.isPremium) {
      throw new RefusedError(403, 'Premium Feature', 'Exercise videos are a Premium feature.', {
        requiresUpgrade: true,
      });
    }
    const [row] = isVideoId(videoId)
      ? await this.em
          .fork()
          .getConnection()
          .execute<VideoRow[]>(
            `select "exercise_slug", "video_id", "title", "thumbnail_url", "duration_seconds"
               from "exercise_videos" where "video_id" = ?`,
            [videoId],
            'all',
          )
      : [];
    if (!row) throw new NotFoundError('Video not found.');
    return { embedUrl: embedUrl(row.video_id), watchUrl: watchUrl(row.video_id), title: row.title };
  }
}

function toVideo(row: VideoRow): ExerciseVideo {
  return {
    videoId: row.video_id,
    title: row.title,
    thumbnailUrl: row.thumbnail_url,
    durationSeconds: row.duration_seconds,
  };
}
