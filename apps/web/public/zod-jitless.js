// Zod builds its schemas with `new Function` when eval is allowed, and probes for that when
// the contract's schemas are created, before any module of the app could configure it. The
// Content-Security-Policy forbids eval, so the browser would report the probe as a
// violation. Zod reads this global as its configuration; jitless skips the probe.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
})
