import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ImagesModule } from '../images';
import { TracksModule } from '../tracks';
import { ManageProfileController } from './manage-profile.controller';
import { MembersRepository } from './members.repository';
import { ProfileCommands } from './profile-commands';
import { ProfileEditsService } from './profile-edits.service';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';
import { UserSummaryBuilder } from './user-summaries';
import { UserSummariesRepository } from './user-summaries.repository';

/** Members' profiles (reading and editing their own), the member list, and the user summary every list shows. */
@Module({
  imports: [AuthModule, ImagesModule, TracksModule],
  controllers: [ProfilesController, ManageProfileController],
  providers: [ProfileCommands, ProfileEditsService, ProfilesService, MembersRepository, UserSummaryBuilder, UserSummariesRepository],
  exports: [UserSummaryBuilder, MembersRepository],
})
export class ProfilesModule {}
