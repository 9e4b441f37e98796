export { MembershipModule } from './membership.module';
