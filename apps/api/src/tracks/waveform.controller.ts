import { createHash } from 'node:crypto';
import { Controller, Get, Headers, Param, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import { TrackPeaksSchema } from '@stardeck/contracts';
import type { FastifyReply } from 'fastify';
import { OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer } from '../common/api-docs';
import { ok } from '../common/envelope';
import { trackIdParam } from './tracks.controller';
import { TracksService } from './tracks.service';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Whether an If-None-Match header names this entity tag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The full-resolution waveform of a track, behind the URL every track view names. A track is
 * transcoded once and its id never names another, so the answer never changes: clients and
 * caches keep it for a year and ask again only with If-None-Match. Who may see it is checked on
 * every request that reaches the API, as for the track itself. A track anyone with the link may
 * open is cacheable by shared caches; a waveform reveals no more than the track's length and
 * loudness, so one cached before the track was made private may outlive that change there, as
 * its artwork's signed URL does until it expires. Private tracks' waveforms stay in the owner's
 * browser.
 */
@ApiTags('tracks')
@Controller('v1/tracks')
export class WaveformController {
  constructor(private readonly tracks: TracksService) {}

  @Get(':id/peaks')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A track's full-resolution waveform (immutable: ETag, Cache-Control)", 200, { data: TrackPeaksSchema })
  @ApiHeader({ name: 'if-none-match', required: false, description: 'The ETag of a copy already held' })
  @ApiResponse({ status: 304, description: 'The copy already held is current' })
  async peaks(
    @Param('id') id: string,
    @ViewerUser() viewer: AuthUser | null,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const waveform = await this.tracks.peaks(trackIdParam(id), viewer);
    const etag = `"${createHash('sha256').update(waveform.peaks).digest('base64url').slice(0, 27)}"`;
    void reply.header('etag', etag).header('cache-control', `${waveform.shared ? 'public' : 'private'}, max-age=${YEAR_SECONDS}, immutable`);
    if (matches(ifNoneMatch, etag)) {
      void reply.status(304);
      return undefined;
    }
    return ok({ peaks: waveform.peaks });
  }
}
