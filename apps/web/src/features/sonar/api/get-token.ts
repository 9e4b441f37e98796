import type { SonarTokenData } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** POST /v1/sonar/token: a short-lived token that opens the chat socket. */
export function getSonarToken() {
  return apiCall<SonarTokenData>('/sonar/token', { method: 'POST', body: {} });
}
