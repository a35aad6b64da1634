// Runs before the first paint of every page (a blocking script in <head>; the
// Content-Security-Policy allows no inline script). The server renders each public page
// as a visitor sees it; what the browser remembers in local storage applies here, so a
// page never flashes in the wrong colours, nor shows the portal behind the first-visit
// pop-up (spec section 4, step 4). The keys are STORAGE_KEYS of the contract (a test checks).
;(function () {
  var html = document.documentElement
  try {
    var storage = window.localStorage
    if (storage.getItem('contrast') === 'true') html.classList.add('portal-contrast')
    var authenticated = storage.getItem('authenticated')
    if (storage.getItem('choice') === null && authenticated !== 'false' && authenticated !== 'true')
      html.classList.add('portal-choosing')
  } catch {
    // Without local storage nothing is remembered: the page shows as rendered.
  }
})()

// The app's JavaScript starts once the page is painted (build/deferred-start.ts names it in
// two <meta>s): a page the server rendered is read first and taken over after, on a slow
// phone too. A page the browser renders itself, or one behind the first-visit pop-up, needs
// the app for its first paint, so it starts at once. A page that is not painted (a tab in
// the background) starts after START_AFTER_MS all the same.
;(function () {
  var START_AFTER_MS = 3000
  var started = false

  function start() {
    if (started) return
    started = true
    var module = document.querySelector('meta[name="portal-module"]')
    if (!module) return // The development server's index.html loads the app itself.
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous'
    script.src = module.content
    document.head.appendChild(script)
    var preloads = document.querySelector('meta[name="portal-modulepreload"]')
    preload(preloads ? preloads.content.split(' ').filter(Boolean) : [])
  }

  // A few files per task: each modulepreload costs the main thread a moment as it starts its
  // fetch, and all of them in one task would block a tap on a phone for a good part of 100 ms.
  var PRELOADS_PER_TASK = 4

  function preload(files) {
    for (var i = 0; i < Math.min(files.length, PRELOADS_PER_TASK); i += 1) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = 'anonymous'
      link.href = files[i]
      document.head.appendChild(link)
    }
    if (files.length > PRELOADS_PER_TASK) {
      setTimeout(function () {
        preload(files.slice(PRELOADS_PER_TASK))
      }, 0)
    }
  }

  function startAfterFirstPaint() {
    setTimeout(start, START_AFTER_MS)
    try {
      new PerformanceObserver(function (list) {
        var entries = list.getEntries()
        for (var i = 0; i < entries.length; i += 1) {
          if (entries[i].name === 'first-contentful-paint') return start()
        }
      }).observe({ type: 'paint', buffered: true })
    } catch {
      start() // A browser without paint timing starts the app as soon as the page is read.
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    var root = document.getElementById('root')
    var rendered = root !== null && root.hasAttribute('data-server-rendered')
    if (rendered && !document.documentElement.classList.contains('portal-choosing')) {
      startAfterFirstPaint()
    } else start()
  })
})()
