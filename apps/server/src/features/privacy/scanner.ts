import type { FileScan, PersonalDataFinding, TextToScan } from '../../privacy-scan/index.ts'

/**
 * What the personal-data job needs of the scanner (privacy-scan/: patterns and checksums run
 * in the reader worker thread). Injected, so the job's tests can give findings of their own.
 */
export interface PrivacyScanner {
  /** A file: its findings, or why it could not be read; throws only for faults outside the file. */
  scanFile(filePath: string, mediaType: string): Promise<FileScan>
  /** A document's title and description. */
  scanTexts(texts: TextToScan[]): Promise<PersonalDataFinding[]>
}

/**
 * INTEGRATE: the real scanner. Once privacy-scan/index.ts exports its functions, this becomes
 *   import { scanFileForPersonalData, scanTextsForPersonalData } from '../../privacy-scan/index.ts'
 *   export const realScanner: PrivacyScanner = {
 *     scanFile: scanFileForPersonalData,
 *     scanTexts: scanTextsForPersonalData,
 *   }
 * Until then (this branch alone) the stand-in below finds nothing, so that the portal's other
 * tests can upload and approve; it must not be shipped.
 */
export const realScanner: PrivacyScanner = {
  scanFile: async () => ({ ok: true, findings: [] }),
  scanTexts: async () => [],
}
