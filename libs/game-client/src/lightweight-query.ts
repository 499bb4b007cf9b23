/**
 * The Satisfactory dedicated server Lightweight Query API (UDP state ping on the game port): the wire codec,
 * shared with the simulator, and the client. Split in two files; this module is the stable import path.
 */
export * from './lightweight-query.codec';
export * from './lightweight-query.client';
