import type { FastifyRequest } from 'fastify';
// Brings in the request.parts() and isMultipart() typings the plugin adds.
import type {} from '@fastify/multipart';
import { PROFILE_MSG } from '@stardeck/contracts';
import { ApiError } from '../common/api-error';
import type { ImageService, ImageRules } from '../images';

/**
 * Reads the one image part of an avatar or banner form with @fastify/multipart. A file over the
 * limit stops being read at the limit; the request's length tells the size it would have had.
 */
export async function readImagePart(request: FastifyRequest, rules: ImageRules, images: ImageService): Promise<Buffer> {
  const missing = () => ApiError.badRequest(rules.title, PROFILE_MSG.imageMissing(rules.field), { [rules.field]: PROFILE_MSG.imageMissing(rules.field) });
  if (!request.isMultipart()) throw missing();
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file' && part.fieldname === rules.field) file = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const sent = Number(request.headers['content-length']);
      throw images.tooLarge(rules, Number.isFinite(sent) && sent > rules.maxBytes ? sent : rules.maxBytes + 1);
    }
    if (typeof code === 'string' && code.startsWith('FST_')) throw ApiError.badRequest(rules.title, (error as Error).message);
    throw error;
  }
  if (!file || file.length === 0) throw missing();
  return file;
}
