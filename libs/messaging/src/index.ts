export * from './errors';
export * from './jetstream-consumer';
export * from './leader-lease';
export * from './message-id';
export * from './messaging';
export * from './subject-naming';
export * from './tracing';
export * from './messaging.module';
