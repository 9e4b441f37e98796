import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { MemberChannel } from './member-channel';
import { RealtimeGateway } from './realtime.gateway';

/** The Socket.IO server and members' live channels; features push through MemberChannel. */
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, MemberChannel],
  exports: [MemberChannel],
})
export class RealtimeModule {}
