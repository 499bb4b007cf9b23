export * from './message';
export * from './rules';
export * from './silences';
export * from './channels';
export * from './render';
export * from './i18n';
