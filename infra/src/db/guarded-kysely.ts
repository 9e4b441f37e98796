import { Kysely, type KyselyConfig, type TransactionBuilder } from 'kysely';
import type { PglitePool } from './pglite-pool';

/**
 * Kysely over the embedded database: every transaction runs in the pool's scope, so a stray query
 * on the root handle inside it fails at once (NestedConnectionError) rather than deadlocking.
 */
export class GuardedKysely<DB> extends Kysely<DB> {
  constructor(config: KyselyConfig, private readonly pool: PglitePool) {
    super(config);
  }

  override transaction(): TransactionBuilder<DB> {
    return guarded(super.transaction(), this.pool);
  }
}

function guarded<DB>(builder: TransactionBuilder<DB>, pool: PglitePool): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return <T>(callback: Parameters<TransactionBuilder<DB>['execute']>[0]) => pool.scope(() => target.execute(callback) as Promise<T>);
      }
      if (property === 'setAccessMode' || property === 'setIsolationLevel') {
        return (value: never) => guarded(target[property](value), pool);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
