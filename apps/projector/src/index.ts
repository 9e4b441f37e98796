export * from './projection-runner';
export * from './projector-runtime';
export * from './projection-admin';
export * from './inline-rebuild';
export * from './catalogue';
export * from './checkpoints';
export * from './shadow-tables';
export * from './shadow-rebuild';
