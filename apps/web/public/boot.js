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
