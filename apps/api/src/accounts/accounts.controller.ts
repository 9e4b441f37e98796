import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateAccountDto, CreatedAccountSchema, EmailOnlyDto, MSG, ResetPasswordDto, VerifyAccountDto } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ok } from '../common/envelope';
import { AccountsService } from './accounts.service';
import { RequestThrottleService } from '../auth';

@ApiTags('auth')
@ApiPublic()
@Controller('v1')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Post('create_account')
  @ApiEnvelope('Create an account with an invite key', 201, { data: CreatedAccountSchema })
  async createAccount(@Body() dto: CreateAccountDto, @Req() request: FastifyRequest) {
    // The same budget as validate_invite: both can test invite keys, and sign-up must not test emails.
    await this.throttle.inviteCheck(request.ip);
    const account = await this.accounts.createAccount(dto);
    return ok({ user: account }, { title: 'Create Account', description: MSG.accountCreated });
  }

  @Post('verify_account')
  @HttpCode(200)
  @ApiEnvelope('Verify an account with the mailed token', 200)
  async verifyAccount(@Body() dto: VerifyAccountDto) {
    await this.accounts.verifyAccount(dto);
    return ok(undefined, { title: 'Verify Account', description: MSG.verified });
  }

  @Post('forgot_password')
  @HttpCode(200)
  @ApiEnvelope('Mail a password reset link', 200, { description: 'The same answer whether or not the address has an account' })
  async forgotPassword(@Body() dto: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.throttle.mailRequest(dto.email, request.ip);
    return ok(undefined, await this.accounts.forgotPassword(dto.email));
  }

  @Post('resend_verification')
  @HttpCode(200)
  @ApiEnvelope('Mail a new verification link', 200, { description: 'The same answer whether or not the address has an unverified account' })
  async resendVerification(@Body() dto: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.throttle.mailRequest(dto.email, request.ip);
    return ok(undefined, await this.accounts.resendVerification(dto.email));
  }

  @Post('reset_password')
  @HttpCode(200)
  @ApiEnvelope('Set a new password with the mailed recovery token', 200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() request: FastifyRequest) {
    await this.throttle.passwordReset(request.ip);
    await this.accounts.resetPassword(dto);
    return ok(undefined, { title: 'Reset Password', description: MSG.passwordChanged });
  }
}
