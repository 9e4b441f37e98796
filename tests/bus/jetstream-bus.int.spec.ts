import { JetStreamBus, createLogger } from '@stardeck/infra';
import { TEST_NATS_URL, createTestStream } from '../support/services';
import { eventBusContract } from './event-bus-contract';

const logger = createLogger('silent', 'test');

// A stream and subject space of its own per test.
eventBusContract('JetStream', async () => {
  const stream = createTestStream();
  const bus = new JetStreamBus({ url: TEST_NATS_URL, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
  return { bus, stop: () => stream.drop() };
});
