import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_MSG, CONTACT_MSG, ContactDto, ContactMessagePageSchema, ContactSentSchema, PAGE_SIZES, PageDto } from '@stardeck/contracts';
import { AdminGuard, AuthGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { ContactService } from './contact.service';

@ApiTags('contact')
@ApiBearerAuth()
@Controller('v1')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly throttle: RequestThrottleService,
  ) {}

  /** Spec §7: members only; a few messages an hour per member, counted before anything is written. */
  @Post('contact')
  @HttpCode(200)
  @ApiEnvelope('Write to the team (support, feedback or an issue)', 200, { data: ContactSentSchema })
  @UseGuards(AuthGuard)
  async send(@CurrentUser() member: AuthUser, @Body() dto: ContactDto) {
    await this.throttle.contact(member.id);
    await this.contact.send(member, dto);
    return ok({ success: true, message: CONTACT_MSG.sent }, { title: 'Contact', description: CONTACT_MSG.sent });
  }

  @Get('admin/contact_messages')
  @ApiEnvelope('List contact messages, newest first', 200, { data: ContactMessagePageSchema })
  @ApiQueryFrom(PageDto)
  @UseGuards(AdminGuard)
  async list(@Query() page: PageDto) {
    return ok(await this.contact.page(page.limit ?? PAGE_SIZES.admin, page.offset ?? 0));
  }

  @Post('admin/contact_messages/:id/read')
  @HttpCode(200)
  @ApiEnvelope('Mark a contact message read', 200)
  @UseGuards(AdminGuard)
  async markRead(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    await this.contact.markRead(admin, id);
    return ok(undefined, { title: 'Contact', description: ADMIN_MSG.contactRead });
  }
}
