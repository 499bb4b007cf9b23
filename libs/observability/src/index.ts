export * from './http-metrics.middleware';
export * from './metrics.controller';
export * from './metrics.service';
export * from './observability.module';
export * from './redaction';
