export { RealtimeModule } from './realtime.module';
export { MemberChannel } from './member-channel';
export { REALTIME_SERVER_OPTIONS } from './realtime-options';
export { SESSION_SWEEP_MS } from './realtime.gateway';
export { useRealtimeAdapter } from './realtime-adapter';
export { SocketCeiling } from './socket-ceiling';
