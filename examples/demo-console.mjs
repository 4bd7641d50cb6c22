// The demo's window on the simulated platform: opens the simulator console and, in a terminal,
// keeps the demo's world running after its scenario so a person can watch and act in the
// browser (Ctrl-C ends it). With CI=true or without a TTY the demo ends after its scenario.
export async function openConsole(sim) {
  const con = await sim.console.listen();
  console.log(`console: open ${con.url} to watch and drive the simulated platform`);
  return con;
}

export function interactive() {
  return Boolean(process.stdout.isTTY && process.stdin.isTTY) && !process.env.CI;
}

/** In a terminal: waits for Ctrl-C (the demo then finishes its scenario and exits). */
export function watchUntilCtrlC() {
  if (!interactive()) return Promise.resolve();
  console.log('console: the demo keeps running — act as the players in the browser; Ctrl-C ends it');
  return new Promise((resolve) => {
    const keepAlive = setInterval(() => {}, 1 << 30);
    process.once('SIGINT', () => {
      clearInterval(keepAlive);
      console.log('\nconsole: Ctrl-C — ending the demo');
      resolve();
    });
  });
}
