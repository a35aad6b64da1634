import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

/** The extensions the migrations create; a PGlite opened on the data must load them too. */
export const pgliteExtensions = { pg_trgm, unaccent }
