export { SonarModule } from './sonar.module';
