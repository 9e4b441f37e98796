import { PREFLIGHT_CHUNK_BYTES, declaredFileType } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** Spec §3 Preflight result, with the method and headers the direct upload must use. */
export interface PreflightResult {
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  s3_path: string;
  key: string;
  expires_in: number;
  form_data: Record<string, string>;
}

/** POST /v1/manage/tracks/preflight multipart: the file's first 4096 bytes and what it claims to be. */
export function preflight(file: File) {
  const form = new FormData();
  form.append('file_chunk', file.slice(0, PREFLIGHT_CHUNK_BYTES), 'chunk');
  form.append('filename', file.name);
  form.append('filesize', String(file.size));
  form.append('filetype', declaredFileType(file.name, file.type));
  return apiCall<PreflightResult>('/manage/tracks/preflight', { method: 'POST', form });
}
