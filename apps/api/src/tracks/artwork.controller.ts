import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { pixelArtworkSvg } from '@stardeck/contracts';
import { ApiPublic } from '../common/api-docs';
import { trackIdParam } from './tracks.controller';

/**
 * The generated pixel artwork of spec §1. It depends on the track id alone and shows nothing
 * about the track, so it is public and cacheable for ever.
 */
@ApiTags('tracks')
@Controller('v1/tracks')
export class ArtworkController {
  @Get(':id/artwork.svg')
  @ApiPublic()
  @ApiOperation({ summary: 'The generated pixel artwork of a track' })
  @ApiProduces('image/svg+xml')
  @ApiResponse({ status: 200, description: 'An SVG image', content: { 'image/svg+xml': { schema: { type: 'string' } } } })
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=31536000, immutable')
  artwork(@Param('id') id: string): string {
    return pixelArtworkSvg(trackIdParam(id));
  }
}
