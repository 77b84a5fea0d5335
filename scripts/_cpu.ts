import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS} from '../playwright.config';
import {serve} from './lib/bench';
(async () => {
  const s = await serve(process.argv[2], {gzip: true});
  const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS});
  const ctx = await b.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', {interval: 200});
  await page.addInitScript(() => {
    (window as any).__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({type: 'longtask', buffered: true});
  });
  await cdp.send('Profiler.start');
  await page.goto(s.url + process.argv[3], {waitUntil: 'load'});
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.waitForTimeout(3000);
  const {profile} = await cdp.send('Profiler.stop') as any;
  console.log('long tasks', JSON.stringify(await page.evaluate(() => (window as any).__lt)));
  // self time per function
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  const dt = profile.timeDeltas; const samples = profile.samples;
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (dt[i + 1] ?? 0));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const agg = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + t);
    // inclusive by walking ancestors (unique keys)
    const seen = new Set<string>(); let cur: number | undefined = id;
    while (cur !== undefined) { const m = byId.get(cur); const k = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.replace(/.*\//, '')}:${m.callFrame.lineNumber}:${m.callFrame.columnNumber}`; if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + t); } cur = parent.get(cur); }
  }
  console.log('--- self (ms)');
  for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(1), k);
  console.log('--- inclusive (ms)');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1000).toFixed(1), k);
  await b.close(); s.close();
})();
