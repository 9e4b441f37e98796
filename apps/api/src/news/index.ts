export { NewsModule } from './news.module';
