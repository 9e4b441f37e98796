import { Module, type DynamicModule } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { AccessRequestsModule } from './access-requests';
import { AccountsModule } from './accounts';
import { AlbumsModule } from './albums';
import { AdminModule } from './admin';
import { AuthModule } from './auth';
import { CollectionsModule } from './collections';
import { CommentsModule } from './comments';
import { ContactModule } from './contact';
import { FeedsModule } from './feeds';
import { SyndicationModule } from './syndication';
import { HealthModule } from './health';
import { InvitesModule } from './invites';
import { LibraryModule } from './library';
import { MembershipModule } from './membership';
import { NotificationsModule } from './notifications';
import { PlatformModule } from './platform/platform.module';
import { ProfilesModule } from './profiles';
import { RealtimeModule } from './realtime';
import { SonarModule } from './sonar';
import { ConversationsModule } from './conversations';
import { NewsModule } from './news';
import { StorageModule } from './storage';
import { SubscriptionsModule } from './subscriptions';
import { TracksModule } from './tracks';

/** The whole API: the platform's ports, then one module per feature. */
@Module({})
export class AppModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(platform),
        HealthModule, AdminModule, AuthModule, AccountsModule, InvitesModule, AccessRequestsModule, StorageModule, TracksModule, ProfilesModule,
        SubscriptionsModule, CollectionsModule, LibraryModule, CommentsModule, FeedsModule, SyndicationModule, RealtimeModule, NotificationsModule,
        SonarModule, ContactModule, MembershipModule,
        ConversationsModule, NewsModule, AlbumsModule,
      ],
    };
  }
}
