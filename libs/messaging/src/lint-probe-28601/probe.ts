import { headers } from '@nats-io/transport-node';

export const probeHeaders = () => headers();
