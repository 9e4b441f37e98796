export * from './projection';
export * from './projection-runner';
export * from './projector-runtime';
export * from './projection-admin';
export * from './checkpoints';
export * from './projections';
