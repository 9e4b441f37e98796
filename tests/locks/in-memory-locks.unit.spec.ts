import { InMemoryLockManager } from '@stardeck/infra';
import { lockContract } from './lock-contract';

// Embedded mode runs in one process: its one manager is every claimant.
lockContract('in-memory', async () => {
  const locks = new InMemoryLockManager();
  return { locks, rival: locks };
});
