// Placeholder: this row is not measured yet (issue 7).
export default async function audioRows() {
  return [{ name: '8 audio 8 speakers x 48 kHz stereo', median: null, spread: null, runs: 0, unit: '', target: '0 drops; callback p99/max <= 50 µs', verdict: 'not measured yet', baselines: {} }];
}
