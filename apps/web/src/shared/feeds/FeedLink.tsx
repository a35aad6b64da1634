import { ATOM_MEDIA_TYPE } from '@dataportaal/contract'
import type { ReactNode } from 'react'
import { FeedIcon } from '../ui/icons.tsx'

/**
 * A visible link to an Atom feed, and the same feed announced in the page's head for
 * browsers and feed readers: React 19 hoists the `<link>` into `<head>` while the page is
 * shown and takes it away after. A plain `<a>`: the feed is no screen of the app.
 */
export function FeedLink(props: { href: string; title: string; children: ReactNode }) {
  return (
    <>
      <link rel="alternate" type={ATOM_MEDIA_TYPE} title={props.title} href={props.href} />
      <a className="utrecht-link" href={props.href} type={ATOM_MEDIA_TYPE}>
        <FeedIcon /> {props.children}
      </a>
    </>
  )
}
