// Whether a port is taken, for the browser tests that start servers of their own (globalSetup.ts, nextjs.e2e.ts).
import { connect } from 'node:net';

/** Whether something accepts connections on `port` (IPv4 or IPv6 loopback). */
export function isListening(port: number): Promise<boolean> {
  const attempt = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      const done = (result: boolean) => {
        socket.destroy();
        resolve(result);
      };
      socket.setTimeout(1_000, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  return Promise.all([attempt('127.0.0.1'), attempt('::1')]).then((answers) => answers.includes(true));
}
