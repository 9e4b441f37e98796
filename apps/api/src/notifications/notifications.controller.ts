import { Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { NotificationPageSchema, NotificationsQueryDto, SOCIAL_MSG } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { NotificationsService } from './notifications.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A notification id from the path; anything else names no notification. */
export function notificationIdParam(raw: string): string {
  if (!UUID.test(raw)) throw ApiError.notFound(SOCIAL_MSG.notificationNotFound, 'Notification');
  return raw.toLowerCase();
}

/**
 * The signed-in member's own notifications; every answer carries `me` with the unread count.
 * Dismissals answer without a message: the client removes the item, and a toast for each would be noise.
 */
@ApiTags('notifications')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiEnvelope('My notifications, newest first', 200, { data: NotificationPageSchema, me: true })
  @ApiQueryFrom(NotificationsQueryDto)
  async list(@CurrentUser() user: AuthUser, @Query() query: NotificationsQueryDto) {
    const { page, me } = await this.notifications.list(user, query);
    return ok(page, undefined, me);
  }

  @Post('delete-all')
  @HttpCode(200)
  @ApiEnvelope('Dismiss all my notifications', 200, { me: true })
  async clearAll(@CurrentUser() user: AuthUser) {
    return ok(undefined, undefined, await this.notifications.clearAll(user));
  }

  @Delete(':id')
  @ApiEnvelope('Dismiss one of my notifications', 200, { me: true })
  async dismiss(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(undefined, undefined, await this.notifications.dismiss(user, notificationIdParam(id)));
  }
}
