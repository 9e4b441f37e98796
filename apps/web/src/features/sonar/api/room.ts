import { SONAR, type SonarHistory, type SonarRoomInfo } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/sonar/{roomId}/messages {limit, offset}: the page of the room's history `offset` messages back from the newest. */
export function getRoomHistory(roomId: string, offset: number, signal?: AbortSignal) {
  return apiCall<SonarHistory>(`/sonar/${encodeURIComponent(roomId)}/messages`, { query: { limit: SONAR.historyPage, offset }, signal });
}

/** GET /v1/sonar/{roomId}/info: how many messages the room holds and how many members are in it. */
export function getRoomInfo(roomId: string, signal?: AbortSignal) {
  return apiCall<SonarRoomInfo>(`/sonar/${encodeURIComponent(roomId)}/info`, { signal });
}
