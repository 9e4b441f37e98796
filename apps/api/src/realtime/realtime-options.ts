import type { GatewayMetadata } from '@nestjs/websockets';

/**
 * Options of the one Socket.IO server. Every gateway of the API (chat's too) passes these, so that
 * Nest attaches them all to the same server on the HTTP port: one connection per tab carries every
 * namespace. No CORS: the web client is served from the API's own origin (the dev server proxies
 * it), and the token travels in the handshake, not in a cookie another site could ride on.
 */
export const REALTIME_SERVER_OPTIONS: GatewayMetadata = {
  serveClient: false,
  // Nothing a member sends on these channels is large; a chat message is at most 4096 characters.
  maxHttpBufferSize: 64 * 1024,
};
