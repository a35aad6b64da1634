import type { Bucket } from '@dataportaal/contract'
import { Link } from 'react-router'
import { formatNumber } from '../format.ts'
import './cards.css'

const documentCount = (count: number) =>
  `${formatNumber(count)} ${count === 1 ? 'document' : 'documenten'}`

/** A tile per bucket with its document count, each a link (home page, /themas). */
export function BucketLinks({
  buckets,
  href,
}: {
  buckets: Bucket[]
  href: (key: string) => string
}) {
  return (
    <ul className="portal-tiles">
      {buckets.map((bucket) => (
        <li key={bucket.key}>
          <Link className="portal-tile" to={href(bucket.key)}>
            <span className="portal-tile__name">{bucket.key}</span>
            <span className="portal-tile__count">{documentCount(bucket.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
