export { SyndicationModule } from './syndication.module';
export { SyndicationService } from './syndication.service';
export { sendListenShell } from './listen-shell';
