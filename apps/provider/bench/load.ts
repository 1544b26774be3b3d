// One load run with autocannon: fixed connections and duration, the same settings for every target.
import autocannon from 'autocannon';

/** How hard and how long every target is driven. */
export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** One short run of a target in a round (see runRound). */
export interface RoundResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

/** A target: one POST route and, per request, its Authorization header and JSON body. */
export interface LoadTarget {
  name: string;
  path: string;
  /** Called before every request is built; it may hand out a different credential each time. */
  next(): { authorization?: string; body: string };
}

/** What one measured run gives. Latencies are in milliseconds. */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  durationSeconds: number;
  /** CPU time the server process spent per answered request (all its threads), when it was measured. */
  cpuMicrosPerRequest?: number;
}

function runOnce(
  port: number,
  target: LoadTarget,
  connections: number,
  seconds: number,
  overallRate?: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        ...(overallRate === undefined ? {} : { overallRate }),
        requests: [
          {
            method: 'POST',
            path: target.path,
            setupRequest: (request) => {
              const { authorization, body } = target.next();
              const headers = { ...request.headers, 'content-type': 'application/json' };
              return { ...request, headers: authorization ? { ...headers, authorization } : headers, body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

// Counting refusals as throughput would flatter every number: any non-2xx answer or socket error stops the bench.
function assertAllSucceeded(target: LoadTarget, result: autocannon.Result, phase: string): void {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, stats]) => `${status}×${stats.count ?? 0}`)
    .join(', ');
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result['2xx'] === 0) {
    throw new Error(
      `${target.name} (${phase}): ${result.non2xx} non-2xx answers, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result['2xx']} successes [${statuses}]`,
    );
  }
}

/**
 * Drives several targets at once (warm-up together, then measured together); one result per target. A target
 * with `overallRate` is sent that many requests per second in all, so its latency is the server's answer time,
 * not a queue the load generator built.
 */
export async function measureTogether(
  port: number,
  entries: { target: LoadTarget; connections: number; overallRate?: number }[],
  settings: LoadSettings,
): Promise<LoadResult[]> {
  const warmups = await Promise.all(
    entries.map(({ target, connections, overallRate }) =>
      runOnce(port, target, connections, settings.warmupSeconds, overallRate),
    ),
  );
  entries.forEach(({ target }, index) => {
    assertAllSucceeded(target, warmups[index] as autocannon.Result, 'warm-up');
  });
  const results = await Promise.all(
    entries.map(({ target, connections, overallRate }) =>
      runOnce(port, target, connections, settings.durationSeconds, overallRate),
    ),
  );
  return results.map((result, index) => {
    assertAllSucceeded((entries[index] as (typeof entries)[number]).target, result, 'measured run');
    const elapsedSeconds = (result.finish.getTime() - result.start.getTime()) / 1000;
    return {
      requestsPerSecond: result['2xx'] / elapsedSeconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result['2xx'],
      durationSeconds: elapsedSeconds,
    };
  });
}

/**
 * One round of a target: `connections` spread over the servers at `ports` (one autocannon per server, sharing the
 * target's request generator), for `seconds`; throws when any answer was not 2xx. With several servers the rates add
 * up and the latencies are the slowest server's.
 */
export async function runRound(
  ports: number[],
  target: LoadTarget,
  connections: number,
  seconds: number,
  phase = 'round',
): Promise<RoundResult> {
  const shares = ports.map(
    (_, index) => Math.floor(connections / ports.length) + (index < connections % ports.length ? 1 : 0),
  );
  const results = await Promise.all(
    ports.map((port, index) => runOnce(port, target, shares[index] as number, seconds)),
  );
  let requests = 0;
  let requestsPerSecond = 0;
  for (const result of results) {
    assertAllSucceeded(target, result, phase);
    requests += result['2xx'];
    requestsPerSecond += result['2xx'] / ((result.finish.getTime() - result.start.getTime()) / 1000);
  }
  return {
    requestsPerSecond,
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    requests,
  };
}
