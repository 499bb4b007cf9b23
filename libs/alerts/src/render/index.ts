/**
 * Renderers turning one `AlertMessage` into each receiver's payload, clamped to the receiver's limits.
 * Pure functions: no I/O, and the current time is never read.
 */
export * from './discord';
export * from './email';
export * from './slack';
export * from './teams';
export * from './telegram';
export * from './text';
export * from './webhook';
