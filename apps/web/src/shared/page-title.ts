import { use, useEffect } from 'react'
import { useConfig } from './api/config.ts'
import { ServerHeadContext } from './server-head.ts'

/** Sets the browser title; it always ends with the portal name (spec section 2). */
export function usePageTitle(title: string | null) {
  const { portalName } = useConfig()
  const fullTitle = title ? `${title} | ${portalName}` : portalName
  const serverHead = use(ServerHeadContext)
  // On the server there are no effects: the render itself says what the title is.
  serverHead?.setTitle(fullTitle)
  useEffect(() => {
    document.title = fullTitle
  }, [fullTitle])
}
