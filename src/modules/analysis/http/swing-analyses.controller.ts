import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { ForbiddenError, NotFoundError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { SwingAnalysesService, type MediaKind } from '../application/swing-analyses.service';
import { SwingUploadService } from '../application/swing-upload.service';
import { UploadQuotaService } from '../application/upload-quota.service';
import { namedUserId } from '../domain/user-param';

/**
 * The golfer a `user/:userId` path names must be the signed-in one ('1' stands for them, spec
 * section 7); the services below it only ever take the signed-in golfer's id.
 */
function ownUser(actorId: string, userParam: string, refusal: string): string {
  if (namedUserId(actorId, userParam) !== actorId) throw new ForbiddenError(refusal);
  return actorId;
}

const NOT_YOUR_ANALYSES = 'You can only see your own analyses.';

/** Spec section 7's swing analysis calls; each answers for the signed-in owner only. */
@Controller('swing-analyses')
export class SwingAnalysesController {
  constructor(
    private readonly analyses: SwingAnalysesService,
    private readonly uploads: SwingUploadService,
  ) {}

  /** multipart/form-data: faceOnVideo, downTheLineVideo?, launch monitor fields, club? */
  @Post()
  upload(@CurrentUserId() userId: string, @Req() req: Request) {
    return this.uploads.upload(userId, req);
  }

  @Get('user/:userId')
  list(@CurrentUserId() actorId: string, @Param('userId') userId: string) {
    return this.analyses.list(ownUser(actorId, userId, NOT_YOUR_ANALYSES));
  }

  @Get('user/:userId/previous/:id')
  previous(
    @CurrentUserId() actorId: string,
    @Param('userId') userId: string,
    @Param('id') id: string,
  ) {
    return this.analyses.previous(ownUser(actorId, userId, NOT_YOUR_ANALYSES), id);
  }

  @Get('user/:userId/monthly-average/:club')
  monthlyAverage(
    @CurrentUserId() actorId: string,
    @Param('userId') userId: string,
    @Param('club') club: string,
  ) {
    return this.analyses.monthlyAverage(ownUser(actorId, userId, NOT_YOUR_ANALYSES), club);
  }

  @Get(':id')
  get(
    @CurrentUserId() actorId: string,
    @Param('id') id: string,
    @Query('status_only') statusOnly?: string,
  ) {
    return statusOnly === 'true'
      ? this.analyses.status(actorId, id)
      : this.analyses.get(actorId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUserId() actorId: string, @Param('id') id: string) {
    await this.analyses.delete(actorId, id);
  }

  @Get(':id/video/:view')
  video(
    @CurrentUserId() actorId: string,
    @Param('id') id: string,
    @Param('view') view: string,
    @Res() res: Response,
  ) {
    return this.send(res, actorId, id, { kind: 'video', view });
  }

  @Get(':id/stills/:event')
  still(
    @CurrentUserId() actorId: string,
    @Param('id') id: string,
    @Param('event') event: string,
    @Res() res: Response,
  ) {
    return this.send(res, actorId, id, { kind: 'still', event });
  }

  @Get(':id/pose/:view')
  pose(
    @CurrentUserId() actorId: string,
    @Param('id') id: string,
    @Param('view') view: string,
    @Res() res: Response,
  ) {
    return this.send(res, actorId, id, { kind: 'pose', view });
  }

  /** Express's sendFile answers Range (206, 416), If-Range and conditional requests. */
  private async send(res: Response, actorId: string, id: string, media: MediaKind) {
    const file = await this.analyses.mediaPath(actorId, id, media);
    await new Promise<void>((resolve, reject) =>
      res.sendFile(
        file,
        {
          acceptRanges: true,
          lastModified: true,
          headers: { 'Cache-Control': 'private, max-age=0' },
        },
        (error: (Error & { status?: number }) | undefined) => {
          if (!error || res.headersSent) return resolve();
          if (error.status !== 416) return reject(new NotFoundError('File not found.'));
          // send leaves the 416 to us when given a callback.
          stat(file).then(
            ({ size }) => {
              res.status(416).set('Content-Range', `bytes */${size}`).end();
              resolve();
            },
            () => reject(new NotFoundError('File not found.')),
          );
        },
      ),
    );
  }
}

@Controller()
export class UploadStatusController {
  constructor(private readonly quotas: UploadQuotaService) {}

  @Get('upload-status/:userId')
  status(@CurrentUserId() actorId: string, @Param('userId') userId: string) {
    return this.quotas.status(ownUser(actorId, userId, 'You can only see your own uploads.'));
  }
}
