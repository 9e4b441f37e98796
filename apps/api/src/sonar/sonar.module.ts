import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { SonarCommands } from './sonar-commands';
import { SonarPresence } from './sonar-presence';
import { SonarTokenService } from './sonar-token.service';
import { SonarController } from './sonar.controller';
import { SonarGateway } from './sonar.gateway';
import { SonarRepository } from './sonar.repository';
import { SonarService } from './sonar.service';

/** Sonar, the realtime chat room: its token, HTTP reads and the gateway. */
@Module({
  imports: [AuthModule],
  controllers: [SonarController],
  providers: [SonarCommands, SonarRepository, SonarService, SonarTokenService, SonarPresence, SonarGateway],
})
export class SonarModule {}
