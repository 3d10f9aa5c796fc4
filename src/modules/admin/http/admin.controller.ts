import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Public } from '../../../shared/security/public.decorator';
import { AdminAuditService } from '../application/admin-audit.service';
import { AdminSessionService } from '../application/admin-session.service';
import { AdminUsersService } from '../application/admin-users.service';
import { VIDEO_WORKBOOK_NAME, VideoDatabaseService } from '../application/video-database.service';
import { AdminGuard, adminActor } from './admin.guard';

/** Spec section 7's admin calls. Public to the golfer guard; the admin guard decides. */
@Public()
@Controller()
export class AdminController {
  constructor(
    private readonly sessions: AdminSessionService,
    private readonly users: AdminUsersService,
    private readonly audit: AdminAuditService,
    private readonly videos: VideoDatabaseService,
  ) {}

  /** {password}; ADMIN_LOGIN_RATE_LIMIT attempts per client per minute. */
  @Post('admin/login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ login: true })
  login(@Req() req: Request) {
    return this.sessions.login(req, adminActor(req));
  }

  @Post('admin/logout')
  @HttpCode(200)
  logout(@Req() req: Request) {
    return this.sessions.logout(req, adminActor(req));
  }

  @Get('admin/users')
  @UseGuards(AdminGuard)
  list(@Query() query: Record<string, string>) {
    return this.users.list({ ...query });
  }

  @Post('admin/users/:userId/reset-usage')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  reset(@Req() req: Request, @Param('userId') userId: string, @Body() body: unknown) {
    return this.users.resetUsage(adminActor(req), userId, body);
  }

  @Get('admin/audit')
  @UseGuards(AdminGuard)
  auditLog() {
    return this.audit.recent();
  }

  @Get('admin/videos/stats')
  @UseGuards(AdminGuard)
  videoStats() {
    return this.videos.stats();
  }

  /** The raw .xlsx bytes (main.ts keeps this body unparsed). */
  @Post('admin/videos/import')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  async importVideos(@Req() req: Request) {
    const result = await this.videos.import(req.body);
    await this.audit.record({
      actor: adminActor(req),
      action: 'import-videos',
      detail: `${result.imported} videos`,
    });
    return result;
  }

  @Get('download/excel')
  @UseGuards(AdminGuard)
  @Header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @Header('content-disposition', `attachment; filename="${VIDEO_WORKBOOK_NAME}"`)
  async download(@Req() req: Request, @Res() res: Response) {
    const file = await this.videos.workbook();
    await this.audit.record({ actor: adminActor(req), action: 'download-videos' });
    res.send(file);
  }
}
