/** What other features may use of profiles: the module, the shared user summary and member lookups. */
export { ProfilesModule } from './profiles.module';
export { UserSummaryBuilder, type SummaryOptions } from './user-summaries';
export { MembersRepository, type MemberFilter } from './members.repository';
