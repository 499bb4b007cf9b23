export * from './namespace';
export * from './service-process';
export * from './services';
export * from './test-database';
export * from './simulator';
export * from './tcp-proxy';
export * from './fixtures';
export * from './platform';
