import { InProcessSignalBus } from '@stardeck/infra';
import { signalBusContract } from './signal-bus-contract';

signalBusContract('in-process', async () => {
  const bus = new InProcessSignalBus();
  return { publisher: bus, subscriber: bus };
});
