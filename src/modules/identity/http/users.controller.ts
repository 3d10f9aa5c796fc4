import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ForbiddenError } from '../../../shared/errors/app-errors';
import { CurrentUserId } from '../../../shared/security/current-user.decorator';
import { IdentityService } from '../application/identity.service';

/** A user reads and changes only their own record: any other id gets 403. */
@Controller('users')
export class UsersController {
  constructor(private readonly identity: IdentityService) {}

  @Get(':id')
  get(@CurrentUserId() actorId: string, @Param('id') id: string) {
    assertSelf(actorId, id);
    return this.identity.getUser(id);
  }

  @Patch(':id')
  update(@CurrentUserId() actorId: string, @Param('id') id: string, @Body() body: unknown) {
    assertSelf(actorId, id);
    return this.identity.updateProfile(id, body);
  }
}

function assertSelf(actorId: string, userId: string): void {
  if (actorId !== userId) throw new ForbiddenError('You can only see and change your own profile.');
}
