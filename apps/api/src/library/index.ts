export { LibraryModule } from './library.module';
