import {
  scanFileForPersonalData,
  scanTextsForPersonalData,
  type FileScan,
  type PersonalDataFinding,
  type TextToScan,
} from '../../privacy-scan/index.ts'

/**
 * What the personal-data job needs of the scanner (privacy-scan/: patterns and checksums run
 * in the reader worker thread). Injected, so the job's tests can give findings of their own.
 */
export interface PrivacyScanner {
  /** A file: its findings, or why it could not be read; throws only for faults outside the file. */
  scanFile(filePath: string, mediaType: string): Promise<FileScan>
  /** Documents' titles and descriptions (a list of texts each): the findings per document. */
  scanTexts(documents: TextToScan[][]): Promise<PersonalDataFinding[][]>
}

/** The real scanner: the reader worker thread's personal-data check. */
export const realScanner: PrivacyScanner = {
  scanFile: (filePath, mediaType) => scanFileForPersonalData(filePath, mediaType),
  scanTexts: scanTextsForPersonalData,
}
