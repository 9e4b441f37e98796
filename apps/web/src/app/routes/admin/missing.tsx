import type { RouteHandle } from '../../titles';
import { adminLoader } from './admin-loader';

/** An unknown path under /admin: visitors go to /, everyone else sees the 404 screen. */
export const loader = adminLoader();
export const handle: RouteHandle = { title: () => 'not found', command: () => 'cd' };
export { Component } from '../not-found';
