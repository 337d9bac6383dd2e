/**
 * `npm run bench:search`: the global search through the API, in-process: the functions' app and the
 * simulator (its catalogue of SIM_CUSTOMERS customers, 5 000 by default) in this process, each on a free
 * loopback port. Sends BENCH_SEARCH_QUERIES searches of the kinds people type (part of a name, a last
 * name's start, a full name, an account number, the start of a billing account, a phone number, part of
 * a MAC, a street) from BENCH_SEARCH_CONCURRENCY users at once, after a warm-up that also builds the
 * search index; checks that exact numbers find their customer first, then prints the time from request
 * to complete answer:
 *   bench:search p50_ms=<a> p95_ms=<b> customers=<n>
 * BENCH_LATENCY_MS adds a fixed upstream latency (default 0: what is measured is ours and the search's).
 */
import { formatMac } from '../common/src/mac';
import type { SearchResponse } from '../common/src/search';
import type { SearchData, SearchRecord } from '../common/src/upstream/search';
import { keepAlivePool, requestText } from '../functions/src/adapters/upstream';
import { startSimulator } from '../functions/src/testing/simulator';
import { startBenchApi } from './lib/bench-api';
import { cpuReference } from './lib/cpu-reference';
import { percentile, spread } from '../harness/stats';

// The machine's speed in this run, printed beside the figures (docs/performance.md).
const cpuRef = cpuReference('bench:search');

const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 2000);
const WARMUP = Number(process.env.BENCH_SEARCH_WARMUP ?? 200);
const CONCURRENCY = Number(process.env.BENCH_SEARCH_CONCURRENCY ?? 8);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 0);

interface Query {
  q: string;
  /** Set for queries that name one customer exactly: that customer must come first. */
  first?: string;
}

/** The i-th query: a customer spread over the catalogue, and one of eight kinds of typing. */
function queryOf(records: SearchRecord[], i: number): Query {
  const record = records[(i * 7919) % records.length]!;
  const primary = record.contactList.find((contact) => contact.isPrimaryContact) ?? record.contactList[0]!;
  const phone = primary.phoneNumber?.length === 10 ? primary.phoneNumber : null;
  const address = record.serviceAddress;
  switch (i % 8) {
    case 0:
      return { q: `${primary.firstName} ${primary.lastName.slice(0, 3)}` };
    case 1:
      return {
        q:
          primary.lastName.length >= 2
            ? primary.lastName.slice(0, 4)
            : `${primary.firstName} ${primary.lastName}`,
      };
    case 2:
      return { q: `${primary.firstName} ${primary.lastName}` };
    case 3:
      return { q: record.customerAccountNumber, first: record.mac };
    case 4:
      return { q: record.billingAccountNumbers[0]!.slice(0, 6) };
    case 5:
      return phone
        ? { q: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` }
        : { q: record.customerAccountNumber, first: record.mac };
    case 6:
      return i % 16 === 6
        ? { q: formatMac(record.mac).toLowerCase(), first: record.mac }
        : { q: formatMac(record.mac).slice(0, 11) };
    default:
      return { q: address ? `${address.streetNumber} ${address.streetName}` : primary.lastName };
  }
}

const sim = await startSimulator({ config: { latencyMs: LATENCY, jitterMs: 0, errorRate: 0 } }, 10_000);
try {
  const { records, count } = (await (await fetch(`${sim.base}/mock/search-data.json`)).json()) as SearchData;
  const { origin, server } = await startBenchApi('support1', { upstream: sim.upstream });
  // The browser's side: its own connection pool, like a separate client.
  const client = keepAlivePool(64);

  async function search({ q, first }: Query): Promise<number> {
    const started = performance.now();
    const res = await requestText(client, {
      origin,
      path: `/api/search?${new URLSearchParams({ q }).toString()}`,
      method: 'GET',
      headers: { authorization: 'Bearer bench' },
    });
    const elapsed = performance.now() - started;
    if (res.status !== 200)
      throw new Error(`search ${JSON.stringify(q)} answered ${res.status}: ${res.text}`);
    if (first && (JSON.parse(res.text) as SearchResponse).results[0]?.mac !== first)
      throw new Error(`search ${JSON.stringify(q)} did not find ${first} first`);
    return elapsed;
  }

  async function run(from: number, queries: number): Promise<number[]> {
    const times: number[] = [];
    let next = from;
    const end = from + queries;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < end) times.push(await search(queryOf(records, next++)));
      }),
    );
    return times;
  }

  await run(0, WARMUP); // warm-up: the search index, connections, JIT
  const started = performance.now();
  const times = await run(WARMUP, QUERIES);
  const seconds = (performance.now() - started) / 1000;
  server.close();
  await client.close();

  const pct = (p: number) => percentile(times, p);
  console.log(
    `${times.length} searches, ${CONCURRENCY} at a time, upstream latency ${LATENCY} ms: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${spread(times).max.toFixed(1)} ms, ${(times.length / seconds).toFixed(0)} searches/s`,
  );
  console.log(
    `bench:search p50_ms=${pct(50).toFixed(1)} p95_ms=${pct(95).toFixed(1)} customers=${count} ${cpuRef.figure}`,
  );
} finally {
  await sim.close();
}
