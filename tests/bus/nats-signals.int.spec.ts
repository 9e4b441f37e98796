import { randomBytes } from 'node:crypto';
import { NatsSignalBus, createLogger } from '@stardeck/infra';
import { TEST_NATS_URL } from '../support/services';
import { signalBusContract } from './signal-bus-contract';

const logger = createLogger('silent', 'test');

// Two connections, as two processes would have, on a subject space of their own per test.
signalBusContract('NATS', async () => {
  const subjectRoot = `t${randomBytes(6).toString('hex')}.signals`;
  return { publisher: new NatsSignalBus({ url: TEST_NATS_URL, subjectRoot, logger }), subscriber: new NatsSignalBus({ url: TEST_NATS_URL, subjectRoot, logger }) };
});
