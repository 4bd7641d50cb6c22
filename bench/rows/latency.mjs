// Placeholder: this row is not measured yet (issue 7).
export default async function latencyRows() {
  return [{ name: '6 latency p50/p99 at 100 and 10,000 events/s', median: null, spread: null, runs: 0, unit: '', target: 'p99 <= pump interval + 1 ms', verdict: 'not measured yet', baselines: {} }];
}
