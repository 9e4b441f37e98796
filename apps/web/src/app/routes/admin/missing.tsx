import { adminLoader } from './admin-loader';

/** An unknown path under /admin: visitors go to /, everyone else sees the 404 screen. */
export const loader = adminLoader();
export { Component } from '../not-found';
