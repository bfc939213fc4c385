// @ts-check
/** HAProxy with the shop's own deploy/haproxy.cfg in front of two running servers, for the scale-out rows. */
import { assertRunning, onCleanup } from './cleanup.mjs';
import { startHaproxy } from './server-code.mjs';
import { freePort } from './server.mjs';

/**
 * Starts `haproxy -f deploy/haproxy.cfg` (Debian's haproxy) balancing round robin over the two
 * servers, as the scale-out tests do, once it answers /api/ready.
 * @param {string[]} origins   the two servers, e.g. http://127.0.0.1:40123
 * @returns {Promise<{ url: string, stop: () => Promise<void>, pid: number | undefined }>}
 */
export async function startBalancer(origins) {
  const [first, second] = origins;
  if (origins.length !== 2 || !first || !second) throw new Error('deploy/haproxy.cfg names two instances');
  assertRunning();
  const port = await freePort();
  const balancer = await startHaproxy({ port, instances: [new URL(first).host, new URL(second).host] });
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
