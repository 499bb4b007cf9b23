export * from './accounts';
export * from './invitations';
export * from './namespace';
export * from './service-process';
export * from './services';
export * from './test-database';
export * from './simulator';
export * from './tcp-proxy';
export * from './fixtures';
export * from './platform';
export * from './service-stack';
export * from './receivers';
export {
  CLUSTER_DRILLS,
  NatsCluster,
  DRILLS,
  DRILL_ENV,
  DrillPlatform,
  formatTable,
  runDrill,
  type Drill,
  type DrillCheck,
  type DrillPlatformOptions,
  type DrillResult,
} from './drill';
export * from './oidc/oidc-provider';
