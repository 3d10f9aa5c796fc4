import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { Public } from '../../../shared/security/public.decorator';
import { ExerciseLibraryService } from '../application/exercise-library.service';

/** Spec section 7: GET /api/exercises (the library), and each exercise's own illustration. */
@Controller('exercises')
export class ExercisesController {
  constructor(private readonly library: ExerciseLibraryService) {}

  @Get()
  list() {
    return this.library.library();
  }

  /** A premium golfer rates an exercise they completed: {rating: 1-5} -> the new average. */
  @Post(':slug/rating')
  @HttpCode(200)
  rate(@CurrentUserId() userId: string, @Param('slug') slug: string, @Body() body: unknown) {
    return this.library.rate(userId, slug, body);
  }

  /** Our own drawing, the same for everyone: public and cacheable, no scripts allowed in it. */
  @Public()
  @Get(':slug/image.svg')
  @Header('content-type', 'image/svg+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=86400')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  image(@Param('slug') slug: string) {
    return this.library.illustration(slug);
  }
}
