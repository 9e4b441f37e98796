import { InProcessBus } from '@stardeck/infra';
import { eventBusContract } from './event-bus-contract';

eventBusContract('in-process', async () => ({ bus: new InProcessBus() }));
