/**
 * The personal-data check: what the rest of the server may call. Both run in the reader
 * worker thread (extraction/reader-thread.ts), with the extraction's isolation and limits.
 *
 * scanFileForPersonalData(filePath, mediaType): Promise<FileScan>
 *   a tabular file (isTabular) per column of each sheet, any other file over its text; a file
 *   that cannot be read is { ok: false, reason }; only faults outside the file throw.
 * scanTextsForPersonalData(texts: TextToScan[]): Promise<PersonalDataFinding[]>
 *   a document's title and description.
 */
export type * from './protocol.ts'
