import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { pixelArtworkSvg } from '@stardeck/contracts';
import { trackIdParam } from './tracks.controller';

/**
 * The generated pixel artwork of spec §1. It depends on the track id alone and shows nothing
 * about the track, so it is public and cacheable for ever.
 */
@ApiTags('tracks')
@Controller('v1/tracks')
export class ArtworkController {
  @Get(':id/artwork.svg')
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=31536000, immutable')
  artwork(@Param('id') id: string): string {
    return pixelArtworkSvg(trackIdParam(id));
  }
}
