// @ts-check
/**
 * Everything the bench creates (temporary folders, databases, child processes, browsers)
 * registers how to undo it here. The steps run last-in first-out, exactly once, whether the
 * run succeeds, fails or is interrupted.
 */

/** @typedef {{ label: string, undo: () => unknown }} Step */

/** @type {Step[]} */
const steps = [];
/** @type {Promise<void> | undefined} */
let running;
let stopping = false;

/** True once cleanup began: what fails from then on fails because it is being stopped. */
export const isStopping = () => stopping;

/** Throws once the run is being stopped, so no new process, server or load run starts. */
export function assertRunning() {
  if (stopping) throw new Error('the bench is stopping');
}

/**
 * Registers an undo step; the answer removes it again (for things already undone by hand).
 * Registered while the bench is stopping, the step is queued behind the cleanup already under way.
 * @param {string} label
 * @param {() => unknown} undo
 */
export function onCleanup(label, undo) {
  const step = { label, undo };
  if (running) {
    running = running.then(() => runStep(step));
    return () => {};
  }
  steps.push(step);
  return () => {
    const index = steps.indexOf(step);
    if (index !== -1) steps.splice(index, 1);
  };
}

/** @param {Step} step */
async function runStep(step) {
  try {
    await step.undo();
  } catch (error) {
    console.error(`cleanup: ${step.label} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs every registered step, newest first; a failing step is reported and the rest still run. */
export function cleanupAll() {
  stopping = true;
  running ??= (async () => {
    for (let step = steps.pop(); step; step = steps.pop()) await runStep(step);
  })();
  return running;
}

/** Waits for the cleanup, including steps queued while it ran. */
async function settle() {
  let seen;
  do {
    seen = cleanupAll();
    await seen;
  } while (seen !== running);
}

/**
 * On SIGINT, SIGTERM or SIGHUP: cleans up, then exits with 128 + the signal's number.
 * A second signal while cleaning up is ignored, so the cleanup itself is never cut short.
 */
export function cleanupOnSignals() {
  /** @type {Record<string, number>} */
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
  let interrupted = false;
  for (const [signal, number] of Object.entries(numbers)) {
    process.on(signal, () => {
      if (interrupted) {
        console.error(`\n${signal}: still cleaning up, please wait`);
        return;
      }
      interrupted = true;
      console.error(`\n${signal}: stopping and cleaning up`);
      void settle().finally(() => process.exit(128 + number));
    });
  }
}
