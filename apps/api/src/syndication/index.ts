export { SyndicationModule } from './syndication.module';
