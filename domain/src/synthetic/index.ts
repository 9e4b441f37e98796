export { generateSyntheticHistory, type SyntheticHistory, type SyntheticHistoryOptions } from './generate';
export type { SyntheticCollection, SyntheticMember, SyntheticTrack } from './world';
