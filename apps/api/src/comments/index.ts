export { CommentsModule } from './comments.module';
