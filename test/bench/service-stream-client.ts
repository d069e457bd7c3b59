// Child of service-streams.ts: holds the streams in its own process, so that reading 1,000 sockets
// does not delay the writer's clock, and reports [paging token, Date.now() on arrival] pairs once
// the expected number has arrived (or after 10 s, with what has).
import { request } from 'node:http';

interface Start {
  url: string;
  accounts: string[];
  streams: number;
}

const arrivals: [string, number][] = [];
const closers: (() => void)[] = [];
let opened = 0;

function openStream(url: string): void {
  const req = request(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
    closers.push(() => res.destroy());
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const now = Date.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes('event: open') && ++opened === streams) process.send!({ opened });
        const match = /^id: (\d+)$/m.exec(frame);
        if (match) {
          arrivals.push([match[1]!, now]);
          reportWhenDone();
        }
      }
    });
  });
  req.end();
}

let streams = 0;
let wanted = Infinity;

/** Report once `wanted` records have arrived, or at the deadline with what has. */
function reportWhenDone(): void {
  if (arrivals.length < wanted) return;
  wanted = Infinity;
  for (const close of closers) close();
  process.send!({ arrivals }, () => process.exit(0));
}

process.on('message', (message: Start | { report: number }) => {
  if ('report' in message) {
    wanted = message.report;
    setTimeout(() => {
      wanted = 0;
      reportWhenDone();
    }, 10_000).unref();
    reportWhenDone();
    return;
  }
  streams = message.streams;
  for (let i = 0; i < message.streams; i += 1) {
    openStream(`${message.url}/accounts/${message.accounts[i % message.accounts.length]}/payments?cursor=now`);
  }
});
