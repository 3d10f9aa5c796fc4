import { Controller, Get, Header, Param } from '@nestjs/common';
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
