/** The overlay feature's public surface: the streaming overlay. */
export { Overlay } from './Overlay';
