import {
  ACCEPTED_MEDIA_TYPES,
  detectMediaType,
  mediaTypeMatchesName,
} from '../../extraction/index.ts'
import { UnsupportedTypeError } from '../../shared/errors.ts'
import type { TempFile } from '../../storage/file-store.ts'
import { extensionOf } from './file-names.ts'

const ALLOWED = ACCEPTED_MEDIA_TYPES.map((t) => t.label).join(', ')

const byMediaType = (mediaType: string) =>
  ACCEPTED_MEDIA_TYPES.find((t) => t.mediaType === mediaType)
const byExtension = (extension: string) =>
  ACCEPTED_MEDIA_TYPES.find((t) => t.extensions.includes(extension.slice(1).toLowerCase()))

export interface CheckedFile {
  fileName: string
  mediaType: string
}

/**
 * The real type of an uploaded file, judged by its content against the allow-list, and the
 * name it keeps. Refused (415): a type not on the list, and content that is not what the
 * name says (an HTML page called `.pdf`, a PNG called `.xlsx`). A name without an extension
 * gets the one of its content.
 */
export async function checkFileType(temp: TempFile, fileName: string): Promise<CheckedFile> {
  const mediaType = await detectMediaType(temp.path, fileName)
  const extension = extensionOf(fileName)
  const named = byExtension(extension)
  if (!mediaType) {
    throw new UnsupportedTypeError(
      named
        ? `De inhoud van "${fileName}" is geen geldig ${named.label}-bestand.`
        : `Het bestandstype van "${fileName}" is niet toegestaan. Toegestaan zijn: ${ALLOWED}.`,
    )
  }
  if (mediaTypeMatchesName(mediaType, fileName)) return { fileName, mediaType }
  const actual = byMediaType(mediaType)!
  if (extension === '') return { fileName: `${fileName}.${actual.extensions[0]}`, mediaType }
  throw new UnsupportedTypeError(
    named
      ? `"${fileName}" heet een ${named.label}-bestand, maar de inhoud is ${actual.label}.`
      : `Het bestandstype van "${fileName}" is niet toegestaan. Toegestaan zijn: ${ALLOWED}.`,
  )
}
