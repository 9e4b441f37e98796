import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@stardeck/contracts';
import { DevMailbox, type Db, type EventStore, type Mailer } from '@stardeck/infra';
import { RelayStateRepository } from '../health';
import { InjectDatabase, InjectEventStore, InjectMailer } from '../platform/tokens';
import { OverviewRepository } from './overview.repository';

/** The console's front page: how the log, the relay, the transcoder and the community are doing. */
@Injectable()
export class AdminOverviewService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectMailer() private readonly mailer: Mailer,
    private readonly figures: OverviewRepository,
    private readonly relayState: RelayStateRepository,
  ) {}

  async overview(): Promise<AdminOverview> {
    const [events, relay, transcode, pending, unread] = await Promise.all([
      this.figures.events(this.db),
      this.relay(),
      this.figures.transcodes(this.db),
      this.figures.pendingAccessRequests(this.db),
      this.figures.unreadContactMessages(this.db),
    ]);
    return {
      events, relay, transcode, waitlist: { pending }, contact: { unread },
      mailer: this.mailer instanceof DevMailbox ? 'dev-mailbox' : 'smtp',
    };
  }

  /** Counted like projection lag: positions are not commit order, so subtracting would overstate it. */
  private async relay(): Promise<AdminOverview['relay']> {
    const cursor = await this.relayState.cursor(this.db);
    return { checkpoint: cursor.position, lag: await this.store.countAfter(cursor) };
  }
}
