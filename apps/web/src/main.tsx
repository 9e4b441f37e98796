import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createAppRouter } from './app/router';
import { registerSessionSteps } from './app/session-steps';
import { startSession } from './lib/session/lifecycle';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerSessionSteps();

/** Spec §4: authentication starts first; when it fails that is logged and the app mounts anyway. */
async function signInFirst(): Promise<void> {
  try {
    const outcome = await startSession();
    if (outcome === 'unreachable') console.warn('could not renew the session at start-up: continuing signed out');
  } catch (error) {
    console.error('start-up sign-in failed', error);
  }
}

void signInFirst().then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppRouter router={createAppRouter()} />
    </StrictMode>,
  );
});
