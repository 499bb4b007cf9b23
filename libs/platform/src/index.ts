export * from './clock';
export * from './bootstrap';
export * from './health.controller';
export * from './lifecycle.service';
export * from './platform.module';
export * from './readiness.registry';
export * from './token-buckets';
export * from './smtp-sender';
