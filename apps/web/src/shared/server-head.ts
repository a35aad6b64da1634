import { createContext } from 'react'

/**
 * What a page says about its head while the server renders it; the browser sets the same
 * in effects (page-title.ts). Given only by the server render (entry-server.tsx).
 */
export interface ServerHead {
  setTitle(title: string): void
}

export const ServerHeadContext = createContext<ServerHead | null>(null)
