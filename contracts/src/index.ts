export * from './limits';
export * from './messages';
export * from './envelope';
export * from './events';
export * from './auth.dto';
export * from './display-name';
export * from './pixel-artwork';
