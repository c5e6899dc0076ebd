/** What a repeating task reads to end its run early once the server stops. */
export interface TaskRun {
  readonly stopped: boolean;
}

/**
 * Runs `task` at once (unless `atStart` is false) and then every `intervalMs`, never two runs at
 * a time; `stop()` cancels the next runs and waits for the one under way. The task handles its
 * own errors.
 */
export function startRepeatingTask(
  intervalMs: number,
  task: (run: TaskRun) => Promise<void>,
  { atStart = true }: { atStart?: boolean } = {},
) {
  const state = { stopped: false };
  let running: Promise<void> | undefined;
  const run = () => {
    if (running || state.stopped) return;
    running = task(state).finally(() => {
      running = undefined;
    });
  };
  if (atStart) run();
  const timer = setInterval(run, intervalMs);
  // A server with nothing else to do may exit: the task never keeps it alive.
  timer.unref();
  return {
    async stop() {
      state.stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
