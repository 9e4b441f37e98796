export { StorageModule } from './storage.module';
