import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ContactCommands } from './contact-commands';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

/** The contact form: members write to the team, admins read it by mail and in a list. */
@Module({
  imports: [AuthModule],
  controllers: [ContactController],
  providers: [ContactCommands, ContactRepository, ContactService],
})
export class ContactModule {}
