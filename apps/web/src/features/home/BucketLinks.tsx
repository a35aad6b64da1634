import type { Bucket } from '@dataportaal/contract'
import { Link } from 'react-router'
import { formatNumber } from '../../shared/format.ts'

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
    <ul className="portal-home__tiles">
      {buckets.map((bucket) => (
        <li key={bucket.key}>
          <Link className="portal-home__tile" to={href(bucket.key)}>
            <span className="portal-home__tile-name">{bucket.key}</span>
            <span className="portal-home__tile-count">{documentCount(bucket.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
