import { connect } from 'node:tls';
import { GameClientError } from './errors';

/**
 * The SHA-256 fingerprint ("AB:CD:…", as {@link GameTransport} records it) of the certificate host:port presents,
 * read from one TLS handshake that sends nothing and is closed at once. The game's certificate is self-signed, so
 * it is not verified here: the caller compares it with the one pinned at registration.
 */
export function readCertificateFingerprint(host: string, port: number, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, rejectUnauthorized: false });
    const fail = (code: 'timeout' | 'tls', message: string): void => {
      socket.destroy();
      reject(new GameClientError(code, message, { transport: 'https' }));
    };
    socket.setTimeout(timeoutMs, () => fail('timeout', `no TLS handshake on TCP ${port} within ${timeoutMs} ms`));
    socket.once('secureConnect', () => {
      const fingerprint = socket.getPeerCertificate()?.fingerprint256;
      socket.destroy();
      if (fingerprint) resolve(fingerprint.toUpperCase());
      else reject(new GameClientError('tls', `TCP ${port} presented no certificate`, { transport: 'https' }));
    });
    socket.once('error', (error: Error) => fail('tls', `TLS handshake on TCP ${port} failed: ${error.message}`));
  });
}
