import { renderToString } from 'react-dom/server'

/** A stand-in entry for build/server-bundle.test.ts: React rendering on the server, built the same way. */
export const render = () => renderToString(<p>Hallo</p>)
