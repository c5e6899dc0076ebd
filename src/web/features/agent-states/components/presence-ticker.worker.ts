/**
 * Ticks for the presence beat from a worker: a browser slows the timers of a page hidden for a
 * few minutes to about one a minute, not a worker's, and an assessor's CCA tab often sits
 * behind the phone or WhatsApp tab all day. The page sends the beat when it hears a tick.
 */
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
};

let timer: ReturnType<typeof setInterval> | undefined;

scope.onmessage = (event) => {
  clearInterval(timer);
  const everyMs = Number(event.data);
  if (everyMs > 0) timer = setInterval(() => scope.postMessage('tick'), everyMs);
};
