/** Every Dutch text of a document's history, together so they can be reviewed. */
export const texts = {
  versionsHeading: 'Eerdere versies',
  noVersions: 'Er zijn geen eerdere versies van de bestanden van dit document.',
  versionDetails: (date: string, size: string) => `vervangen op ${date}, ${size}`,
  downloadVersion: (fileName: string, date: string) =>
    `Downloaden ${fileName}, versie van voor ${date}`,
  tableCsv: 'Tabel als CSV',
  tableCsvLabel: (fileName: string, date: string) =>
    `Tabel als CSV uit ${fileName}, versie van voor ${date}`,
  changesHeading: 'Wijzigingen',
  noChanges: 'Dit document is niet gewijzigd sinds het werd gepubliceerd.',
  fields: (labels: string[]) => `Gewijzigd: ${labels.join(', ')}`,
  added: (names: string[]) => `Bestand toegevoegd: ${names.join(', ')}`,
  replaced: (names: string[]) => `Bestand vervangen: ${names.join(', ')}`,
  removed: (names: string[]) => `Bestand verwijderd: ${names.join(', ')}`,
  by: (name: string) => `Door ${name}`,
  loading: 'De geschiedenis wordt geladen…',
  error: 'De geschiedenis kon niet worden geladen.',
}
