export { AccountsModule } from './accounts.module';
export { AccountCommands } from './account-commands';
export { MAIL_REQUEST_ANSWER_MS } from './answer-floor';
export { AdminBootstrapService } from './admin-bootstrap.service';
