import type { FastifyReply, FastifyRequest } from 'fastify'
import { contentDisposition } from '../../http/content-disposition.ts'
import { NotFoundError } from '../../shared/errors.ts'
import type { FileStore } from '../../storage/file-store.ts'

// JSON is UTF-8 by definition (RFC 8259). A CSV or TSV may be UTF-8 or Windows-1252 (Excel on a
// Dutch machine), so it gets no charset that could be wrong: the reader's program judges it.
const UTF8_TYPES = new Set(['application/json', 'application/geo+json'])

export interface StoredDownload {
  fileName: string
  mediaType: string
  size: number
  sha256: string
}

/**
 * Answers with a stored file as a download (a document's current file or an earlier version
 * of it): the same headers for both, and a 404 when the store lost the content.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: StoredDownload,
) {
  if (!(await store.exists(file.sha256))) {
    // A row without its file is a fault of ours, not of the request: log it loudly.
    request.log.error({ url: request.url, sha256: file.sha256 }, 'stored file missing')
    throw new NotFoundError('Dit bestand is op dit moment niet beschikbaar.')
  }
  const type = UTF8_TYPES.has(file.mediaType) ? `${file.mediaType}; charset=utf-8` : file.mediaType
  return reply
    .type(type)
    .header('Content-Length', file.size)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=300')
    .send(await store.read(file.sha256))
}
