// Placeholder: this row is not measured yet (issue 7).
export default async function memoryRows() {
  return [{ name: '7 memory after 1,000,000 messages', median: null, spread: null, runs: 0, unit: '', target: '<= 5 MB growth', verdict: 'not measured yet', baselines: {} }];
}
