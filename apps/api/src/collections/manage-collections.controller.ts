import { Body, Controller, Delete, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CollectionDataSchema, CollectionTrackChangeSchema, CollectionTrackDto, CreateCollectionDto, FollowStateSchema, SOCIAL_MSG,
  UpdateCollectionDto,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { trackIdParam } from '../tracks';
import { collectionIdParam } from './collection-reads.service';
import { CollectionsService } from './collections.service';

const TITLE = 'Collection';

/** A member's own collections: create, edit, delete, fill; and following other members' collections. */
@ApiTags('collections')
@Controller('v1/manage/collections')
@ApiBearerAuth()
@UseGuards(AuthGuard)
export class ManageCollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Post()
  @ApiEnvelope('Create a collection', 201, { data: CollectionDataSchema })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateCollectionDto) {
    return ok({ collection: await this.collections.create(user, dto) }, { title: TITLE, description: SOCIAL_MSG.collectionCreated });
  }

  @Put(':id')
  @ApiEnvelope('Edit my collection', 200, { data: CollectionDataSchema })
  async update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateCollectionDto) {
    const collection = await this.collections.update(user, collectionIdParam(id), dto);
    return ok({ collection }, { title: TITLE, description: SOCIAL_MSG.collectionUpdated });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiEnvelope('Delete my collection', 200)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.collections.delete(user, collectionIdParam(id));
    return ok(undefined, { title: TITLE, description: SOCIAL_MSG.collectionDeleted });
  }

  @Post(':id/tracks')
  @HttpCode(200)
  @ApiEnvelope('Add a track to my collection', 200, { data: CollectionTrackChangeSchema })
  async addTrack(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CollectionTrackDto) {
    const change = await this.collections.addTrack(user, collectionIdParam(id), dto.track_id);
    return ok(change, { title: TITLE, description: SOCIAL_MSG.collectionTrackAdded });
  }

  @Delete(':id/tracks/:trackId')
  @HttpCode(200)
  @ApiEnvelope('Take a track out of my collection', 200, { data: CollectionTrackChangeSchema })
  async removeTrack(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('trackId') trackId: string) {
    const change = await this.collections.removeTrack(user, collectionIdParam(id), trackIdParam(trackId));
    return ok(change, { title: TITLE, description: SOCIAL_MSG.collectionTrackRemoved });
  }

  @Post(':id/follow')
  @HttpCode(200)
  @ApiEnvelope("Follow someone's collection", 200, { data: FollowStateSchema })
  async follow(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.collections.follow(user, collectionIdParam(id)), { title: TITLE, description: SOCIAL_MSG.collectionFollowed });
  }

  @Delete(':id/follow')
  @HttpCode(200)
  @ApiEnvelope('Stop following a collection', 200, { data: FollowStateSchema })
  async unfollow(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.collections.unfollow(user, collectionIdParam(id)), { title: TITLE, description: SOCIAL_MSG.collectionUnfollowed });
  }
}
