import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SimulatedCancelSchema, SimulatedCheckoutDto, SimulatedCheckoutSchema } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { PaymentsSimulatorService } from './payments-simulator.service';

/** The simulator pages' calls; they answer 404 when a real payment provider is configured. */
@ApiTags('membership')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/payments/simulator')
export class PaymentsSimulatorController {
  constructor(private readonly simulator: PaymentsSimulatorService) {}

  @Post('checkout')
  @HttpCode(200)
  @ApiEnvelope('Complete or cancel a simulated checkout', 200, { data: SimulatedCheckoutSchema })
  async checkout(@CurrentUser() member: AuthUser, @Body() dto: SimulatedCheckoutDto) {
    if (dto.outcome === 'cancel') return ok({ outcome: 'cancel' });
    const { plan } = await this.simulator.complete(member, dto.session);
    return ok({ outcome: 'complete', plan });
  }

  @Post('cancel_subscription')
  @HttpCode(200)
  @ApiEnvelope('Cancel the simulated subscription, as the billing portal would', 200, { data: SimulatedCancelSchema })
  async cancel(@CurrentUser() member: AuthUser) {
    await this.simulator.cancel(member);
    return ok({ canceled: true });
  }
}
