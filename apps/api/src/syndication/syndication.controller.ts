import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OEmbedQueryDto } from '@stardeck/contracts';
import type { FastifyReply } from 'fastify';
import { ApiPublic, ApiQueryFrom } from '../common/api-docs';
import { SCHEMA_PREFIX } from '../common/contract-schemas';
import { trackIdParam } from '../tracks';
import { EMBED_SCRIPT, EMBED_STYLE } from './embed-assets';
import { renderEmbedPage } from './embed-page';
import { SyndicationService } from './syndication.service';

const text = (type: string) => ({ content: { [type]: { schema: { type: 'string' } } } });

/**
 * Public tracks for readers who never sign in: podcast apps (the RSS feed and its audio), chat
 * apps that unfurl links (oEmbed) and the sites that frame the embedded player.
 */
@ApiTags('syndication')
@Controller()
export class SyndicationController {
  constructor(private readonly syndication: SyndicationService) {}

  @Get(':username/feed.xml')
  @ApiPublic()
  @ApiOperation({ summary: "A member's public tracks as an RSS 2.0 podcast feed" })
  @ApiProduces('application/rss+xml')
  @ApiResponse({ status: 200, description: 'RSS 2.0 with iTunes tags', ...text('application/rss+xml') })
  @Header('content-type', 'application/rss+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  feed(@Param('username') username: string): Promise<string> {
    return this.syndication.feed(username);
  }

  @Get('oembed')
  @ApiPublic()
  @ApiQueryFrom(OEmbedQueryDto)
  @ApiOperation({ summary: 'oEmbed 1.0 for a public track page: a rich embed of the player' })
  @ApiProduces('application/json')
  @ApiResponse({ status: 200, description: 'An oEmbed rich answer', content: { 'application/json': { schema: { $ref: `${SCHEMA_PREFIX}OEmbedSchema` } } } })
  @Header('content-type', 'application/json; charset=utf-8')
  async oembed(@Query() query: OEmbedQueryDto): Promise<string> {
    // oEmbed consumers read the bare answer, not the API's envelope.
    return JSON.stringify(await this.syndication.oembed(query));
  }

  @Get('embed/tracks/:id')
  @ApiPublic()
  @ApiOperation({ summary: 'The embeddable player page of a public track (may be framed by any site)' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'An HTML page', ...text('text/html') })
  @Header('content-type', 'text/html; charset=utf-8')
  async embed(@Param('id') id: string): Promise<string> {
    return renderEmbedPage(await this.syndication.embeddable(trackIdParam(id)));
  }

  @Get('embed/player.js')
  @ApiPublic()
  @ApiOperation({ summary: "The embedded player's script" })
  @ApiProduces('text/javascript')
  @ApiResponse({ status: 200, description: 'JavaScript', ...text('text/javascript') })
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  script(): string {
    return EMBED_SCRIPT;
  }

  @Get('embed/player.css')
  @ApiPublic()
  @ApiOperation({ summary: "The embedded player's style" })
  @ApiProduces('text/css')
  @ApiResponse({ status: 200, description: 'CSS', ...text('text/css') })
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  style(): string {
    return EMBED_STYLE;
  }

  @Get('v1/tracks/:id/audio')
  @ApiPublic()
  @ApiOperation({ summary: "A public track's standard audio: a redirect to a freshly signed URL (feeds and embeds)" })
  @ApiResponse({ status: 302, description: 'The signed audio URL', headers: { location: { description: 'The signed audio URL', schema: { type: 'string' } } } })
  async audio(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const url = await this.syndication.audioUrl(trackIdParam(id));
    // Each request gets its own signature: nothing may keep this answer.
    void reply.header('cache-control', 'no-store').redirect(url, 302);
  }
}
