import { Body, Controller, HttpCode, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import {
  AvatarDataSchema, BannerDataSchema, LinksDataSchema, PROFILE_MSG, ReplaceLinksDto, UpdateProfileDto, UserProfileDataSchema,
} from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { FastifyRequest } from 'fastify';
import { AccountsRepository, AuthGuard, CurrentUser, MeService, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { AcceptsBody } from '../common/body-types';
import { ok } from '../common/envelope';
import { ImageService } from '../images';
import { InjectDatabase } from '../platform/tokens';
import { readImagePart } from './image-form';
import { PROFILE_IMAGES, ProfileEditsService, type ProfileImageKind } from './profile-edits.service';
import { ProfilesService } from './profiles.service';

const imageBody = (field: ProfileImageKind) => ApiBody({
  schema: {
    type: 'object',
    required: [field],
    properties: { [field]: { type: 'string', format: 'binary', description: `jpeg, png, gif or webp, at most ${PROFILE_IMAGES[field].maxBytes / (1024 * 1024)} MB` } },
  },
});

/** A member's own profile: every route acts on the signed-in member and nobody else. */
@ApiTags('users')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/manage')
export class ManageProfileController {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly edits: ProfileEditsService,
    private readonly profiles: ProfilesService,
    private readonly accounts: AccountsRepository,
    private readonly me: MeService,
    private readonly images: ImageService,
  ) {}

  @Patch('user')
  @ApiEnvelope('Change my bio, display name or settings', 200, { data: UserProfileDataSchema, me: true })
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    await this.edits.update(user, dto);
    const account = await this.accounts.findById(this.db, user.id);
    if (!account) throw ApiError.unauthorized();
    const profile = await this.profiles.get(account.username, user);
    return ok({ user: profile }, { title: 'Profile Updated', description: PROFILE_MSG.profileUpdated }, await this.me.current(account));
  }

  @Put('links')
  @ApiEnvelope('Replace my links', 200, { data: LinksDataSchema })
  async links(@CurrentUser() user: AuthUser, @Body() dto: ReplaceLinksDto) {
    const links = await this.edits.replaceLinks(user, dto);
    return ok({ links }, { title: 'Links Updated', description: PROFILE_MSG.linksUpdated });
  }

  @Post('avatar')
  @HttpCode(200)
  @AcceptsBody('multipart')
  @imageBody('avatar')
  @ApiEnvelope('Upload my avatar', 200, { data: AvatarDataSchema })
  async avatar(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const bytes = await readImagePart(request, PROFILE_IMAGES.avatar, this.images);
    const avatar = await this.edits.changeImage(user, 'avatar', bytes);
    return ok({ avatar }, { title: 'Avatar Updated', description: PROFILE_MSG.avatarUpdated });
  }

  @Post('banner')
  @HttpCode(200)
  @AcceptsBody('multipart')
  @imageBody('banner')
  @ApiEnvelope('Upload my banner', 200, { data: BannerDataSchema })
  async banner(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const bytes = await readImagePart(request, PROFILE_IMAGES.banner, this.images);
    const banner = await this.edits.changeImage(user, 'banner', bytes);
    return ok({ banner }, { title: 'Banner Updated', description: PROFILE_MSG.bannerUpdated });
  }
}
