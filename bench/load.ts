import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Rotating bodies (one per request, round robin). */
  bodies?: string[];
  /** A fixed number of requests in place of the duration: with as many bodies, each is sent once. */
  amount?: number;
  headers?: Record<string, string>;
  /** Each request from a client address of its own (X-Forwarded-For, trusted by bench/serve.ts), as buyers are. */
  ownAddresses?: boolean;
}

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU µs per request: unlike req/s, barely moved by other work on the machine. */
  cpuPerRequest: number;
}

/** Starts bench/serve.ts in its own process so the load generator does not share its CPU. */
export async function startTarget(env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', new URL('./serve.ts', import.meta.url).pathname], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const m = /ready (\d+)/.exec(chunk.toString());
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, child };
}

/** The target's own CPU time (user + system, µs), read from its /bench/cpu route. */
async function serverCpuMicros(port: number): Promise<number> {
  const usage = (await (await fetch(`http://127.0.0.1:${port}/bench/cpu`)).json()) as { user: number; system: number };
  return usage.user + usage.system;
}

export async function measure(port: number, target: Target, seconds: number, connections = 20): Promise<Result> {
  const cpuBefore = await serverCpuMicros(port);
  let turn = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    ...(target.bodies || target.ownAddresses
      ? { requests: [{ setupRequest: ((req: { headers?: Record<string, string>; body?: string }) => nextRequest(req, target, turn++)) as never }] }
      : {}),
    headers: { 'content-type': 'application/json', app: 'ecomm', ...target.headers },
    connections,
    // A fixed count stops at the next sample: sample often, so the run's length is its own.
    ...(target.amount ? { amount: target.amount, sampleInt: 50 } : { duration: seconds }),
  });
  const cpuMicros = (await serverCpuMicros(port)) - cpuBefore;
  return {
    name: target.name,
    cpuPerRequest: Math.round(cpuMicros / Math.max(1, result.requests.total)),
    rps: Math.round(target.amount ? result.requests.total / result.duration : result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A 304 is what an If-None-Match row asks for.
    errors: result.errors + (target.headers?.['if-none-match'] ? result.non2xx - result['3xx'] : result.non2xx),
  };
}

/** The `turn`th request of a target: its body in turn, and its own client address if asked. */
function nextRequest(req: { headers?: Record<string, string>; body?: string }, target: Target, turn: number) {
  const body = target.bodies ? target.bodies[turn % target.bodies.length] : req.body;
  // 10.x.y.z from the turn: 16 million distinct addresses before one repeats.
  const address = `10.${(turn >> 16) & 255}.${(turn >> 8) & 255}.${turn & 255}`;
  return { ...req, body, headers: target.ownAddresses ? { ...req.headers, 'x-forwarded-for': address } : req.headers };
}

export function printTable(results: Result[], bare: Result) {
  console.log(`\n${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× bare'.padStart(7)} ${'errors'.padStart(6)} ${'cpu µs/req'.padStart(10)} ${'max/s at 1 core'.padStart(15)}`);
  for (const r of [bare, ...results]) {
    const ceiling = r.cpuPerRequest ? Math.round(1e6 / r.cpuPerRequest) : 0;
    console.log(`${r.name.padEnd(44)} ${String(r.rps).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${(r.rps / bare.rps).toFixed(2).padStart(7)} ${String(r.errors).padStart(6)} ${String(r.cpuPerRequest).padStart(10)} ${String(ceiling).padStart(15)}`);
  }
}
