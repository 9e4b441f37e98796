import type { Role } from '@stardeck/api';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN, login, type Session } from '../auth/helpers';
import { assertWebBuilt, launchChromium, openWatchedPage, signInThroughModal, WEB_DIR, type WatchedPage } from './browser';
import { factories, type Factories } from './factories';
import { startTestServer, type TestServer } from './server';

type Viewport = { width: number; height: number };

/** What a browser suite works with: its server (with the built client), Chromium and the admin. */
export interface BrowserWorld {
  server: TestServer;
  browser: Browser;
  admin: Session;
  make: Factories;
  /** A tab in a context of its own, signed in through the login modal; closed with the suite. */
  signedIn(person: { email: string; password: string }, viewport?: Viewport): Promise<WatchedPage & { context: BrowserContext }>;
  /** A signed-out tab in a context of its own; closed with the suite. */
  visitor(viewport?: Viewport): Promise<WatchedPage & { context: BrowserContext }>;
}

/**
 * Starts a browser suite's world before its tests and stops it after them: the server with the
 * admin account, Chromium, the admin's session and the data factories. The fields are there once
 * beforeAll has run; `ready` makes the suite's own data in the same hook.
 */
export function useBrowserWorld(options: { roles?: Role[]; ready?: (world: BrowserWorld) => Promise<void>; timeoutMs?: number } = {}): BrowserWorld {
  const contexts: BrowserContext[] = [];
  const world = {
    async visitor(viewport?: Viewport) {
      const tab = await openWatchedPage(world.browser, viewport);
      contexts.push(tab.context);
      return tab;
    },
    async signedIn(person: { email: string; password: string }, viewport?: Viewport) {
      const tab = await world.visitor(viewport);
      await signInThroughModal(tab.page, world.server.url, person);
      return tab;
    },
  } as BrowserWorld;

  beforeAll(async () => {
    assertWebBuilt();
    world.server = await startTestServer({
      roles: options.roles, webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    world.browser = await launchChromium();
    world.admin = await login(world.server.url, ADMIN.email, ADMIN.password);
    world.make = factories({ url: world.server.url, admin: world.admin });
    await options.ready?.(world);
  }, options.timeoutMs ?? 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await world.browser?.close();
    await world.make?.dispose();
    await world.server?.stop();
  });
  return world;
}
