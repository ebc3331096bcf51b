// Where a cold start's main-thread time goes: loads a page of a freshly deployed app in Debian's Chromium
// at 4x CPU slowdown (Lighthouse's mobile preset), records a trace with the V8 sampling profiler, and
// prints every long task (> 50 ms, as slowed) with the functions that took its time, so a TBT figure
// from `npm run bench` can be taken apart. Build unminified first for readable names:
//   NO_MINIFY=1 npm run build && node tools/profile-start.mjs [/home|/detail/<id>] [--first-visit]
// The trace is kept in var/profile/<page>.json (opens in Chromium's performance panel).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import {
  VERIFICATION_STORAGE_KEY,
  deployAll,
  humanVerificationToken,
  root,
  startServer,
  tempDeployDir,
} from './app-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const args = process.argv.slice(2);
const firstVisit = args.includes('--first-visit');
const pagePath = args.find((arg) => arg.startsWith('/')) ?? '/home';
const LONG_MS = 50;
/** How many functions each long task lists (PROFILE_TOP). */
const TOP = Number(process.env.PROFILE_TOP ?? 14);

const watchdog = setTimeout(() => {
  console.error('profile-start: gave up after 5 minutes');
  process.exit(1);
}, 5 * 60_000);
watchdog.unref();

/** Top-level tasks of the renderer's main thread, and the sampled stacks, from a trace. */
const analyse = (events) => {
  // The page's renderer: of the main threads with a CPU profile, the one that ran scripts longest.
  const profiled = new Set(events.filter((e) => e.name === 'Profile').map((e) => e.pid));
  const busy = new Map();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'FunctionCall' && profiled.has(e.pid))
      busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + e.dur);
  const [pid, tid] = [...busy]
    .sort((a, b) => b[1] - a[1])[0][0]
    .split('/')
    .map(Number);
  const main = { pid, tid };
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain
    .filter((e) => e.ph === 'X' && e.name === 'RunTask')
    .map((e) => ({ start: e.ts, end: e.ts + e.dur, dur: e.dur / 1000 }))
    .sort((a, b) => a.start - b.start);
  // V8 CPU profile chunks (one profile per thread id): nodes, samples and time deltas.
  const nodes = new Map();
  const samples = [];
  // The profile started on the main thread; its chunks come from the sampler thread, linked by id.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let time = profile?.args.data.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== main.pid || e.id !== profile?.id) continue;
    const chunk = e.args.data.cpuProfile ?? {};
    for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (chunk.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ id, ts: time });
    });
  }
  const frame = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8}\.js$/, '.js') : '';
    return `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
  };
  const stack = (id) => {
    const out = [];
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
      out.push(node);
    return out;
  };
  for (const node of nodes.values()) {
    for (const child of node.children ?? []) {
      const found = nodes.get(child);
      if (found) found.parent = node.id;
    }
  }
  // What each task did besides scripts (layout, style, paint, parsing): trace events inside it.
  const slices = onMain.filter((e) => e.ph === 'X' && e.dur > 0 && !/RunTask$/.test(e.name));
  return { main, tasks, samples, frame, stack, slices };
};

const deployDir = tempDeployDir();
try {
  await deployAll(deployDir);
  const server = await startServer({ deployDir });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  try {
    let url = `${server.url}${pagePath}`;
    if (pagePath.startsWith('/detail') && !/\d/.test(pagePath)) {
      const hot = await (await fetch(`${server.url}/api/catalogue/hot_products?page=1&pageSize=1`)).json();
      url = `${server.url}/detail/${hot.data.list[0].id}`;
    }
    const token = firstVisit ? null : await humanVerificationToken(browser, server.url);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    if (token)
      await page.evaluateOnNewDocument(
        (key, value) => sessionStorage.setItem(key, value),
        VERIFICATION_STORAGE_KEY,
        token,
      );
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'toplevel',
        'loading',
      ],
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    const dir = path.join(root, 'var/profile');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `${pagePath.split('/').filter(Boolean).join('-') || 'root'}.json`),
      JSON.stringify(trace),
    );
    const { main, tasks, samples, frame, stack, slices } = analyse(trace.traceEvents);
    const t0 = tasks[0]?.start ?? 0;
    const long = tasks.filter((t) => t.dur > LONG_MS);
    const blocking = long.reduce((sum, t) => sum + t.dur - LONG_MS, 0);
    // As Lighthouse's TBT: from the first contentful paint on.
    const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? t0;
    const blockingAfterFcp = tasks
      .filter((t) => t.start >= fcp)
      .reduce((sum, t) => sum + Math.max(0, t.dur - LONG_MS), 0);
    console.log(
      `after first contentful paint (${Math.round((fcp - t0) / 1000)} ms): ${Math.round(blockingAfterFcp)} ms of tasks over 50 ms (TBT as observed, not simulated)`,
    );
    console.log(
      `${url}${token ? ' (verified)' : ' (first visit)'}, CPU ${SLOWDOWN}x: ${long.length} long tasks, ${Math.round(blocking)} ms over 50 ms in all`,
    );
    for (const task of long) {
      const inTask = samples.filter((s) => s.ts >= task.start && s.ts < task.end);
      const self = new Map();
      const total = new Map();
      for (let i = 0; i < inTask.length; i++) {
        const weight = ((inTask[i + 1]?.ts ?? task.end) - inTask[i].ts) / 1000;
        const frames = stack(inTask[i].id).map(frame);
        self.set(frames[0], (self.get(frames[0]) ?? 0) + weight);
        for (const f of new Set(frames)) total.set(f, (total.get(f) ?? 0) + weight);
      }
      const top = (map, n) =>
        [...map]
          .filter(([name]) => !/^\((root|program|idle)\)/.test(name))
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`)
          .join('\n');
      console.log(`\n  task at ${((task.start - t0) / 1000).toFixed(0)} ms, ${task.dur.toFixed(0)} ms`);
      const kinds = new Map();
      for (const e of slices)
        if (e.ts >= task.start && e.ts < task.end) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
      console.log(`   trace events (nested ones counted in their parents too):\n${top(kinds, 6)}`);
      console.log(`   self:\n${top(self, 8)}\n   total:\n${top(total, TOP)}`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(deployDir, { recursive: true, force: true });
}
