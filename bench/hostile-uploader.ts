import {
  fileReaders,
  hostileFiles,
  postHostileFile,
} from '../src/server/spreadsheets/fixtures/hostile-files.ts';

/**
 * One client of the hostile benchmark, in a process of its own so that its 200 MB uploads do
 * not hold the event loop of the process that times the health check: posts every hostile file
 * to every reader, back to back, from the place `SENDER` gives, until `DURATION_MS` passed; says `ready` once its files are built, and at the end what the server answered, as a line of
 * JSON.
 */
const baseUrl = process.env.BASE_URL as string;
const cookie = process.env.COOKIE as string;
const sender = Number(process.env.SENDER ?? 0);
const durationMs = Number(process.env.DURATION_MS ?? 10_000);

const files = hostileFiles();
// Built before the clock starts: the zip bomb alone takes a moment to deflate.
for (const file of files) void file.size;
const uploads = files.flatMap((file) => fileReaders.map((reader) => ({ file, reader })));
process.stdout.write('ready\n');
const statuses: Record<number, number> = {};
const unexpected: string[] = [];
let sent = 0;
const started = performance.now();
for (let index = sender * 7; performance.now() - started < durationMs; index++) {
  const { file, reader } = uploads[index % uploads.length] as (typeof uploads)[number];
  const answer = await postHostileFile({ baseUrl, cookie }, reader.url, reader.fields, file);
  sent++;
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  if (answer.status !== file.status || !file.message.test(answer.message)) {
    unexpected.push(`${file.label} → ${reader.url}: ${answer.status} ${answer.message}`);
  }
}
process.stdout.write(`${JSON.stringify({ sent, statuses, unexpected })}\n`);
