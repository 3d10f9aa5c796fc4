import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { ExerciseVideosService } from '../application/exercise-videos.service';

/** Spec section 7: GET /api/youtube/embed/{videoId} -> embedUrl, watchUrl (premium). */
@Controller('youtube')
export class YoutubeController {
  constructor(private readonly videos: ExerciseVideosService) {}

  @Get('embed/:videoId')
  embed(@CurrentUserId() userId: string, @Param('videoId') videoId: string) {
    return this.videos.embed(userId, videoId);
  }
}
