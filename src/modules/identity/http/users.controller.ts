import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { IdentityService } from '../application/identity.service';

/** A user reads and changes only their own record: any other id gets 403. */
@Controller('users')
export class UsersController {
  constructor(private readonly identity: IdentityService) {}

  @Get(':id')
  get(@CurrentUserId() actorId: string, @Param('id') id: string) {
    return this.identity.getUser(actorId, id);
  }

  @Patch(':id')
  update(@CurrentUserId() actorId: string, @Param('id') id: string, @Body() body: unknown) {
    return this.identity.updateProfile(actorId, id, body);
  }
}
