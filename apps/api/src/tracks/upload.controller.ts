import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import {
  CreateTrackDto, PREFLIGHT_CHUNK_BYTES, PreflightSchema, TRACK_MSG, TrackDataSchema, UPLOAD_ERROR_CODES, checkSafeInput,
} from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
// Brings in the request.parts() and isMultipart() typings the plugin adds.
import type {} from '@fastify/multipart';
import { AuthGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { AcceptsBody } from '../common/body-types';
import { TracksService } from './tracks.service';
import { UploadService } from './upload.service';

interface PreflightForm {
  fields: Record<string, string>;
  chunk: Buffer;
}

const badForm = (description: string) => ApiError.coded(400, UPLOAD_ERROR_CODES.preflightFailed, TRACK_MSG.preflightFailed, description);

/** Reads the preflight form with @fastify/multipart; a chunk longer than 4096 bytes is refused, not buffered. */
async function readPreflightForm(request: FastifyRequest): Promise<PreflightForm> {
  if (!request.isMultipart()) throw badForm('The preflight is a multipart form with file_chunk, filename, filesize and filetype');
  const fields: Record<string, string> = {};
  let chunk: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PREFLIGHT_CHUNK_BYTES, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file_chunk') {
          await part.toBuffer();
          continue;
        }
        chunk = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badForm(`file_chunk must be the first ${PREFLIGHT_CHUNK_BYTES} bytes of the file`);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badForm((error as Error).message);
    throw error;
  }
  // The request hooks never see a form's fields (the body is read here), so the safe-input rule runs on
  // the text ones now; a chunk sent as a field is bytes, not text.
  const unsafe = checkSafeInput(Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'file_chunk')));
  if (unsafe) throw badForm(unsafe.message);
  // A chunk sent as a text field (some clients do) counts too.
  if (!chunk && fields.file_chunk !== undefined) chunk = Buffer.from(fields.file_chunk, 'latin1');
  if (!chunk) throw badForm('file_chunk is required');
  return { fields, chunk };
}

@ApiTags('tracks')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/manage/tracks')
export class UploadController {
  constructor(
    private readonly uploads: UploadService,
    private readonly tracks: TracksService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Post('preflight')
  @HttpCode(200)
  @AcceptsBody('multipart')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file_chunk', 'filename', 'filesize'],
      properties: {
        file_chunk: { type: 'string', format: 'binary', description: `The first ${PREFLIGHT_CHUNK_BYTES} bytes of the file` },
        filename: { type: 'string' },
        filesize: { type: 'integer', description: 'Bytes' },
        filetype: { type: 'string', description: 'The MIME type the browser reports: audio/*, or video/* (or audio/*) for a video container' },
      },
    },
  })
  @ApiEnvelope('Check a file before upload and get a signed upload URL', 200, {
    data: PreflightSchema,
    description: 'Audio (mp3, wav, ogg, aac, flac, m4a) for every member; video (mp4, mov, webm, mkv) for premium members and admins, '
      + 'anyone else is answered 403 PREMIUM_REQUIRED "upgrade to premium". The format is sniffed from file_chunk; an M4A stays audio whatever its name.',
  })
  async preflight(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    await this.throttle.uploadSigning(user.id);
    const { fields, chunk } = await readPreflightForm(request);
    const filesize = /^\d{1,15}$/.test(fields.filesize?.trim() ?? '') ? Number(fields.filesize) : Number.NaN;
    if (!fields.filename) throw badForm('filename is required');
    if (Number.isNaN(filesize)) throw badForm('filesize must be the file size in bytes');
    const result = await this.uploads.preflight(user, { filename: fields.filename, filesize, filetype: fields.filetype ?? '' }, chunk);
    return ok(result);
  }

  @Post()
  @ApiEnvelope('Create a track from an uploaded file', 201, {
    data: TrackDataSchema,
    description: 'The stored bytes are sniffed again. A video upload also gets an H.264 rendition and a poster once transcoded (the track\'s `video`).',
  })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateTrackDto) {
    const id = await this.uploads.create(user, dto);
    const track = await this.tracks.get(id, user);
    return ok({ track }, { title: 'Track Uploaded', description: TRACK_MSG.trackCreated });
  }
}
