'use strict';
/**
 * Keeps a server process running under `npm start`: one that dies (a crash, out of memory,
 * SIGKILL) is started again after a pause, 1 s at first, doubling up to 30 s, and each restart
 * is logged. A process that keeps dying (5 times within a minute) is not restarted: the launcher
 * stops and says why, since a restart loop only hides the cause. Plain CommonJS with no build,
 * like services.cjs, so the tests can drive it directly.
 */

const DEFAULT_POLICY = {
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
  crashLimit: 5,
  windowMs: 60_000,
  /** A process that ran this long before dying starts the pauses over from firstDelayMs. */
  stableMs: 60_000,
};

function describeExit(code, signal) {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/**
 * Starts `start()` (which answers a ChildProcess) and restarts it as above. `log(message)` says
 * what happens; `onGiveUp(reason)` is called once when it stops restarting. `halt()` ends the
 * supervision (no more restarts) without touching the running child, which the caller stops.
 */
function supervise({ name, start, log, onGiveUp, policy = {} }) {
  const rules = { ...DEFAULT_POLICY, ...policy };
  const stops = [];
  let delay = rules.firstDelayMs;
  let halted = false;
  let timer;
  let child;

  const launch = () => {
    timer = undefined;
    if (halted) return;
    const startedAt = Date.now();
    child = start();
    log(`${name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      if (halted) return;
      const now = Date.now();
      if (now - startedAt >= rules.stableMs) delay = rules.firstDelayMs;
      stops.push(now);
      while (stops.length > 0 && now - stops[0] > rules.windowMs) stops.shift();
      const how = describeExit(code, signal);
      if (stops.length >= rules.crashLimit) {
        halted = true;
        onGiveUp(
          `${name} stopped ${stops.length} times within ${Math.round(rules.windowMs / 1000)} s (last: ${how}); ` +
            'not restarting it again. See its log above for the cause.',
        );
        return;
      }
      log(`${name} stopped (${how}); restarting it in ${delay / 1000} s`);
      timer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, rules.maxDelayMs);
    });
  };

  launch();
  return {
    get child() {
      return child;
    },
    halt() {
      halted = true;
      if (timer) clearTimeout(timer);
    },
  };
}

module.exports = { supervise, DEFAULT_POLICY };
