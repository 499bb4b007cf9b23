export * from './copy-insert';
export * from './database.module';
export * from './database.probe';
export * from './database-unavailable';
export * from './migrator';
export * from './pg-pools';
export * from './prisma.service';
export * as Db from './generated/prisma/client';
