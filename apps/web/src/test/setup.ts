import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait up to 5 s instead of 1 s: a screen behind a lazy route (the
// dashboard's charts) took longer than 1 s to import on a loaded two-core CI machine. What
// must never show is asserted with queryBy…, which does not wait.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})

// jsdom has <dialog> but not its modal methods; the real focus trap is checked in Chromium (e2e).
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '')
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open')
    },
  })
}
