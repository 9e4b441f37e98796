import { useEffect, useState } from 'react';
import { request, type ApiResult } from '../../../lib/api';

/**
 * The `data` of GET /ready. Local because contracts does not export the readiness shape yet;
 * move it there when it does.
 */
export interface Readiness {
  database: boolean;
  bus: boolean;
}

export type ReadinessState = 'checking' | 'ready' | 'not-ready' | 'unreachable';

export function getReadiness(signal?: AbortSignal): Promise<ApiResult<Readiness>> {
  return request<Readiness>('/ready', { signal });
}

export function readinessState(result: ApiResult<Readiness>): ReadinessState {
  if (result.ok) return 'ready';
  return result.failure.kind === 'http' ? 'not-ready' : 'unreachable';
}

/** Asks the API once whether it can serve requests (database and bus reachable). */
export function useReadiness(): ReadinessState {
  const [state, setState] = useState<ReadinessState>('checking');
  useEffect(() => {
    const controller = new AbortController();
    void getReadiness(controller.signal).then((result) => {
      if (!controller.signal.aborted) setState(readinessState(result));
    });
    return () => controller.abort();
  }, []);
  return state;
}
