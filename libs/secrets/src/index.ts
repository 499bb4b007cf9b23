export * from './bearer-tokens';
export * from './secret-box';
