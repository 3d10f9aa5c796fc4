import { Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { NotificationsService } from '../application/notifications.service';

/** Spec section 7. Someone else's notification id answers 404, exactly like a missing one. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentUserId() userId: string) {
    return this.notifications.list(userId);
  }

  @Patch('read-all')
  @HttpCode(204)
  async readAll(@CurrentUserId() userId: string) {
    await this.notifications.markAllRead(userId);
  }

  @Patch(':id/read')
  @HttpCode(204)
  async read(@CurrentUserId() userId: string, @Param('id') id: string) {
    await this.notifications.markRead(userId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUserId() userId: string, @Param('id') id: string) {
    await this.notifications.delete(userId, id);
  }
}
