import { UPLOAD_FIELDS, UPLOAD_LIMITS } from '@dataportaal/contract'
import type { FastifyRequest } from 'fastify'
import { HttpProblem } from '../../http/problem.ts'
import { FileTooLargeError, type FileStore, type TempFile } from '../../storage/file-store.ts'
import { displayFileName } from './file-names.ts'

/** A file of the form, complete in a temporary file of the store. */
export interface ReceivedFile {
  /** The display name (see displayFileName); never a path. */
  fileName: string
  temp: TempFile
}

export interface ReceivedForm {
  fields: Record<string, string[]>
  files: ReceivedFile[]
}

/** Room for the text fields and the multipart framing, on top of the files. */
const FORM_OVERHEAD_BYTES = 1024 * 1024
const FIELD_MAX_BYTES = 64 * 1024

/** `subject` with its verb: 'Het bestand "a.csv" is', 'Alle bestanden samen zijn'. */
const tooLarge = (maxMb: number, subject: string) =>
  new HttpProblem(
    413,
    `${subject} groter dan ${maxMb} MB. Upload minder of kleinere bestanden, of vraag de beheerder om de grens te verhogen.`,
  )

/** An error of the operating system (ENOSPC, EACCES, ...): Node gives it a syscall and errno. */
const isSystemError = (error: Error) => 'syscall' in error && 'errno' in error

/** The multipart parser's own limits and faults, in Dutch. */
function translateParserError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new HttpProblem(422, 'Te veel bestanden in één keer.', [
        {
          path: `body.${UPLOAD_FIELDS.files}`,
          message: `Upload hoogstens ${UPLOAD_LIMITS.filesPerRequest} bestanden tegelijk.`,
        },
      ])
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpProblem(422, 'Het formulier heeft te veel velden.')
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpProblem(422, 'Het formulier bevat een ongeldig veld.')
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpProblem(400, 'Het formulier is niet helemaal aangekomen.')
    default:
      if (error instanceof HttpProblem || error instanceof FileTooLargeError) return error
      // Busboy's faults on malformed multipart data are plain Errors. A system error (a full
      // disk while writing the temporary file, a read-only directory) is the server's, not
      // the form's: it goes on to the error handler (507 for a full disk).
      if (error instanceof Error && !('statusCode' in error) && !isSystemError(error)) {
        return new HttpProblem(422, 'Het formulier kan niet worden gelezen.')
      }
      return error
  }
}

/**
 * Reads a multipart upload form: text fields into memory (each at most 64 KB), every file
 * part named `files` streamed into a temporary file of the store, hashed on the way. At most
 * `maxMb` per file and for all files together (413). On any failure, the temporary files
 * written so far are removed before the error leaves.
 */
export async function receiveUploadForm(
  request: FastifyRequest,
  store: FileStore,
  maxMb: number,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new HttpProblem(415, 'Verstuur het formulier als multipart/form-data.')
  }
  const maxBytes = maxMb * 1024 * 1024
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge(maxMb, 'Het formulier is')
  }

  const fields: Record<string, string[]> = {}
  const files: ReceivedFile[] = []
  let received = 0
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit reaches writeTemp, which refuses it.
        fileSize: maxBytes + 1,
        files: UPLOAD_LIMITS.filesPerRequest,
        fields: 200,
        fieldSize: FIELD_MAX_BYTES,
        fieldNameSize: 100,
        parts: UPLOAD_LIMITS.filesPerRequest + 200,
      },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new HttpProblem(422, 'De invoer voldoet niet aan de regels.', [
            { path: `body.${part.fieldname}`, message: 'Deze waarde is te lang of ongeldig.' },
          ])
        }
        ;(fields[part.fieldname] ??= []).push(part.value)
        continue
      }
      if (part.fieldname !== UPLOAD_FIELDS.files) {
        part.file.resume()
        throw new HttpProblem(422, 'De invoer voldoet niet aan de regels.', [
          {
            path: `body.${part.fieldname}`,
            message: `Stuur bestanden in het veld "${UPLOAD_FIELDS.files}".`,
          },
        ])
      }
      let temp: TempFile
      try {
        temp = await store.writeTemp(part.file, { maxBytes })
      } catch (error) {
        if (!(error instanceof FileTooLargeError)) throw error
        throw tooLarge(maxMb, `Het bestand "${displayFileName(part.filename)}" is`)
      }
      if (received + temp.size > maxBytes) {
        await store.discard(temp)
        throw tooLarge(maxMb, 'Alle bestanden samen zijn')
      }
      // A browser sends an empty, nameless part for a file input left empty.
      if (temp.size === 0 && part.filename === '') {
        await store.discard(temp)
        continue
      }
      received += temp.size
      files.push({ fileName: displayFileName(part.filename), temp })
    }
  } catch (error) {
    await discardAll(store, files)
    throw translateParserError(error)
  }
  return { fields, files }
}

export async function discardAll(store: FileStore, files: readonly ReceivedFile[]) {
  await Promise.all(files.map((file) => store.discard(file.temp)))
}
