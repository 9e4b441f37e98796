import { Injectable } from '@nestjs/common';
import { LOG_START, type Db, type LogCursor } from '@stardeck/infra';

/** Where the relay has published up to, read from the shared database. */
@Injectable()
export class RelayStateRepository {
  async cursor(executor: Db): Promise<LogCursor> {
    const row = await executor.selectFrom('relay_state').select(['last_position', (eb) => eb.cast<string>('last_xid', 'text').as('last_xid')])
      .where('id', '=', 1).executeTakeFirst();
    return row ? { xid: row.last_xid, position: row.last_position } : LOG_START;
  }
}
