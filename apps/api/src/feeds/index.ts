export { FeedsModule } from './feeds.module';
