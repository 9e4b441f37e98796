import type { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';

/** Socket.IO on the app's own HTTP server and port, beside the Fastify routes. */
export function useRealtimeAdapter(app: INestApplication): void {
  app.useWebSocketAdapter(new IoAdapter(app));
}
