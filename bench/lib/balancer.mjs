// @ts-check
/** HAProxy with the shop's own deploy/haproxy.cfg in front of running servers, for the scale-out rows. */
import { assertRunning, onCleanup } from './cleanup.mjs';
import { startHaproxy } from './server-code.mjs';
import { freePort } from './server.mjs';

/**
 * Starts `haproxy -f deploy/haproxy.cfg` (Debian's haproxy) balancing round robin over the
 * servers (one `server` line each, as docs/deploy.md says to add them), as the scale-out tests
 * do, once it answers /api/ready.
 * @param {string[]} origins   the servers, e.g. http://127.0.0.1:40123
 * @returns {Promise<{ url: string, stop: () => Promise<void>, pid: number | undefined }>}
 */
export async function startBalancer(origins) {
  assertRunning();
  const port = await freePort();
  const balancer = await startHaproxy({ port, instances: origins.map((origin) => new URL(origin).host) });
  const forget = onCleanup(`haproxy on port ${port}`, balancer.stop);
  return {
    url: balancer.url,
    pid: balancer.pid,
    async stop() {
      await balancer.stop();
      forget();
    },
  };
}
