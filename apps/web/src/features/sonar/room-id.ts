import { SONAR, SONAR_ROOM_ID } from '@stardeck/contracts/browser';
import { useSearchParams } from 'react-router';

/** The room named by `?room=` (spec §9: 'default' when none, or when it is not a room name). */
export function useRoomId(): string {
  const [params] = useSearchParams();
  const asked = params.get('room');
  return asked && SONAR_ROOM_ID.test(asked) ? asked : SONAR.defaultRoom;
}
