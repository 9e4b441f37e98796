import type { PreflightResult } from './preflight';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100. */
  percent: number;
  /** Bytes per second, as axios measures it over the last moments; null at first. */
  rate: number | null;
  /** Seconds left at that rate; null until known. */
  secondsLeft: number | null;
}

export type UploadOutcome = { ok: true } | { ok: false; kind: 'refused' | 'network' | 'aborted'; status: number | null };

/**
 * The direct PUT of the file to storage (spec §4 Upload), with progress. axios rides on
 * XMLHttpRequest, whose upload events fetch cannot give over HTTP/1.1, and measures speed and
 * time left itself. Loaded on the first upload, so no other page carries it.
 */
export async function uploadFile(upload: PreflightResult, file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal): Promise<UploadOutcome> {
  const { default: axios } = await import('axios');
  try {
    await axios.request({
      method: upload.method,
      url: upload.upload_url,
      data: file,
      headers: upload.headers,
      signal,
      // Storage answers in its own format; only the status matters here.
      responseType: 'text',
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        onProgress({
          loaded: event.loaded,
          total,
          percent: total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0,
          rate: event.rate ?? null,
          secondsLeft: event.estimated ?? null,
        });
      },
    });
    return { ok: true };
  } catch (error) {
    if (axios.isCancel(error) || signal.aborted) return { ok: false, kind: 'aborted', status: null };
    const status = axios.isAxiosError(error) ? error.response?.status ?? null : null;
    return { ok: false, kind: status === null ? 'network' : 'refused', status };
  }
}
