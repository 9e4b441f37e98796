import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ImagesModule } from '../images';
import { RealtimeModule } from '../realtime';
import { NotificationCommands } from './notification-commands';
import { NotificationPushService } from './notification-push.service';
import { NotificationViewBuilder } from './notification-view';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** Members' notifications: the list, dismissals, and live pushes to their open tabs. */
@Module({
  imports: [AuthModule, ImagesModule, RealtimeModule],
  controllers: [NotificationsController],
  providers: [NotificationCommands, NotificationsRepository, NotificationViewBuilder, NotificationsService, NotificationPushService],
})
export class NotificationsModule {}
