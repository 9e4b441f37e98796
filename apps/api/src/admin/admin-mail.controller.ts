import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { MSG } from '@stardeck/contracts';
import { DevMailbox, type Platform } from '@stardeck/infra';
import { sql } from 'kysely';
import { AdminGuard } from '../auth/auth.guard';
import { ok } from '../common/envelope';
import { PLATFORM } from '../platform/platform.module';
import { PageDto } from '@stardeck/contracts';

/** The dev mailbox for admins: where verification, reset and invite mail lands when no SMTP server is configured. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminMailController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get('mail')
  async list(@Query() page: PageDto) {
    const limit = page.limit ?? 20;
    const offset = page.offset ?? 0;
    const mailer = this.platform.mailer;
    if (!(mailer instanceof DevMailbox)) {
      return ok({ mail: [], total: 0, has_more: false, mailer: mailer.kind }, { title: 'Mail', description: MSG.mailGoesToSmtp });
    }
    const [rows, count] = await Promise.all([
      mailer.list(limit, offset),
      this.platform.database.db.selectFrom('dev_mail').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const mail = rows.map((row) => ({
      id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, link: row.link, created: new Date(row.created_at).toISOString(),
    }));
    return ok({ mail, total: count.n, has_more: offset + mail.length < count.n, mailer: mailer.kind });
  }
}
