import { useEffect } from 'react'
import { useConfig } from './api/config.ts'

/** Sets the browser title; it always ends with the portal name (spec section 2). */
export function usePageTitle(title: string | null) {
  const { portalName } = useConfig()
  useEffect(() => {
    document.title = title ? `${title} | ${portalName}` : portalName
  }, [title, portalName])
}
