import { Body, Controller, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ChangeEmailDto, ChangePasswordDto, ConfirmEmailDto, EmailConfirmedSchema, MSG } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ok } from '../common/envelope';
import { AccountSettingsService } from './account-settings.service';

/**
 * A member's password and email. Each call is throttled per member and address before the
 * current password is hashed, since a wrong one is a guess like a failed login.
 */
@ApiTags('auth')
@Controller('v1')
export class AccountSettingsController {
  constructor(
    private readonly settings: AccountSettingsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Put('manage/account/password')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Change the password (the current one required); every other sign-in ends', 200)
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Req() request: FastifyRequest) {
    await this.throttle.accountChange(user.id, request.ip);
    await this.settings.changePassword(user, dto);
    return ok(undefined, { title: 'Change Password', description: MSG.passwordUpdated });
  }

  @Post('manage/account/email')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Ask to change the email: a confirmation link goes to the new address', 200, {
    description: 'The same answer whether or not the new address has an account',
  })
  async changeEmail(@CurrentUser() user: AuthUser, @Body() dto: ChangeEmailDto, @Req() request: FastifyRequest) {
    await this.throttle.accountChange(user.id, request.ip);
    await this.throttle.mailRequest(dto.email, request.ip);
    await this.settings.requestEmailChange(user, dto);
    return ok(undefined, { title: 'Change Email', description: MSG.emailChangeSent });
  }

  @Post('confirm_email')
  @HttpCode(200)
  @ApiPublic()
  @ApiEnvelope('Confirm a new email with the mailed token', 200, { data: EmailConfirmedSchema })
  async confirmEmail(@Body() dto: ConfirmEmailDto) {
    const email = await this.settings.confirmEmail(dto);
    return ok({ email }, { title: 'Change Email', description: MSG.emailChanged });
  }
}
