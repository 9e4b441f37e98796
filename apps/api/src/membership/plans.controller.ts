import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PlansInfoSchema } from '@stardeck/contracts';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ok } from '../common/envelope';
import { MembershipService } from './membership.service';

/** The plans and whether paid ones can be bought here; the membership page reads it. */
@ApiTags('membership')
@Controller('v1')
export class PlansController {
  constructor(private readonly membership: MembershipService) {}

  @Get('plans')
  @ApiPublic()
  @ApiEnvelope('The plans, and whether paid plans can be bought on this server', 200, { data: PlansInfoSchema })
  plans() {
    return ok(this.membership.plans());
  }
}
