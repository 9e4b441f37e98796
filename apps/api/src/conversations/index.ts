export { ConversationsModule } from './conversations.module';
