import { PgPools } from '@app/database';

export const probePool = (p: PgPools) => p.pool("probe", 1);
