import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { MSG, PAGE_SIZES, PageDto, DevMailPageSchema } from '@stardeck/contracts';
import { DevMailbox, type Mailer } from '@stardeck/infra';
import { AdminGuard } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { consistentTotal, pageOf } from '../common/paginate';
import { InjectMailer } from '../platform/tokens';

/** The dev mailbox for admins: where verification, reset and invite mail lands when no SMTP server is configured. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminMailController {
  constructor(@InjectMailer() private readonly mailer: Mailer) {}

  @Get('mail')
  @ApiEnvelope('List the dev mailbox, newest first', 200, { data: DevMailPageSchema })
  @ApiQueryFrom(PageDto)
  async list(@Query() page: PageDto) {
    const limit = page.limit ?? PAGE_SIZES.admin;
    const offset = page.offset ?? 0;
    const mailer = this.mailer;
    if (!(mailer instanceof DevMailbox)) {
      return ok({ mail: [], total: 0, has_more: false, mailer: mailer.kind }, { title: 'Mail', description: MSG.mailGoesToSmtp });
    }
    const [rows, counted] = await Promise.all([mailer.list(limit, offset), mailer.count()]);
    const mail = rows.map((row) => ({
      id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, link: row.link, created: new Date(row.created_at).toISOString(),
    }));
    const listed = pageOf(mail, consistentTotal(counted, { limit, offset }, mail.length), { limit, offset });
    return ok({ mail: listed.items, total: listed.total, has_more: listed.has_more, mailer: mailer.kind });
  }
}
