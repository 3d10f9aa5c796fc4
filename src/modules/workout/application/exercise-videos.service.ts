import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, RefusedError } from '../../../shared/errors/app-errors';
import { IdentityService } from '../../identity/application/identity.service';
import { embedUrl, isVideoId, watchUrl, type ExerciseVideo } from '../domain/exercise-video';

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
