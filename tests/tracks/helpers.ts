import type { Role } from '@stardeck/api';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { startTestServer, type TestServer } from '../support/server';

export { bearer, type Session };
export { createTrack, getTrack, mimeOf, preflight, putUpload, uploadTrack, type Uploaded } from '../support/uploads';

export interface TracksWorld {
  server: TestServer;
  url: string;
  admin: Session;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole stack in one process (API, projections, transcode dispatcher and transcoder) on a
 * fresh database and bus, with local storage in a temporary directory.
 */
export async function startTracksWorld(options: { roles?: Role[]; env?: Record<string, string>; webDir?: string } = {}): Promise<TracksWorld> {
  const server = await startTestServer({
    roles: options.roles ?? ['api', 'projector', 'transcoder'],
    webDir: options.webDir,
    env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, ...options.env },
  });
  const admin = await login(server.url, ADMIN.email, ADMIN.password);
  return { server, url: server.url, admin, dataDir: server.dataDir, stop: () => server.stop() };
}

/** A new member, with the email and password a browser signs in with. */
export async function member(world: TracksWorld): Promise<Session & { email: string; password: string }> {
  return newMember(world.url, world.admin);
}

/** Objects currently stored under a key prefix (through the storage port, so any adapter works). */
export async function objectExists(world: TracksWorld, key: string): Promise<boolean> {
  return (await world.server.platform.storage.head(key)) !== null;
}
