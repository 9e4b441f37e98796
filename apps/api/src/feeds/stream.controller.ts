import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { StreamPageSchema, StreamQueryDto } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { StreamService } from './stream.service';

@ApiTags('stream')
@Controller('v1/stream')
export class StreamController {
  constructor(private readonly stream: StreamService) {}

  @Get()
  @ApiEnvelope('My stream: new tracks of members I subscribe to and tracks added to collections I follow', 200, { data: StreamPageSchema })
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiQueryFrom(StreamQueryDto)
  async page(@Query() query: StreamQueryDto, @CurrentUser() user: AuthUser) {
    return ok(await this.stream.page(user, query));
  }
}
