import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateAccountDto, EmailOnlyDto, MSG, ResetPasswordDto, VerifyAccountDto } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { ok } from '../common/envelope';
import { AccountsService } from './accounts.service';
import { RequestThrottleService } from './request-throttle.service';

@ApiTags('auth')
@Controller('v1')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Post('create_account')
  async createAccount(@Body() dto: CreateAccountDto, @Req() request: FastifyRequest) {
    const account = await this.accounts.createAccount(dto, { request_id: request.id });
    return ok({ user: account }, { title: 'Create Account', description: MSG.accountCreated });
  }

  @Post('verify_account')
  @HttpCode(200)
  async verifyAccount(@Body() dto: VerifyAccountDto) {
    await this.accounts.verifyAccount(dto);
    return ok(undefined, { title: 'Verify Account', description: MSG.verified });
  }

  @Post('forgot_password')
  @HttpCode(200)
  async forgotPassword(@Body() dto: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.throttle.mailRequest(dto.email, request.ip);
    return ok(undefined, await this.accounts.forgotPassword(dto.email));
  }

  @Post('resend_verification')
  @HttpCode(200)
  async resendVerification(@Body() dto: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.throttle.mailRequest(dto.email, request.ip);
    return ok(undefined, await this.accounts.resendVerification(dto.email));
  }

  @Post('reset_password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto) {
    await this.accounts.resetPassword(dto);
    return ok(undefined, { title: 'Reset Password', description: MSG.passwordChanged });
  }
}
