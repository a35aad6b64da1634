import type { DocumentPrivacy, PrivacyFinding } from '@dataportaal/contract'

/** Findings as the server sends them to the owner and admins. */
export const BSN_FINDING: PrivacyFinding = {
  id: '11111111-2222-4333-8444-555555555555',
  kind: 'bsn',
  fileId: 'a3c5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c',
  fileName: 'inwoners.csv',
  location: "kolom 'bsn' (B), rij 2 tot 1001",
  masked: '***.**.*782',
  context: 'Jansen ***.**.*782 Utrecht',
  count: 1000,
}

export const IBAN_FINDING: PrivacyFinding = {
  id: '21111111-2222-4333-8444-555555555555',
  kind: 'iban',
  fileId: 'b3c5e7f9-1b2d-4e6f-8a0c-2d4f6b8e0a1c',
  fileName: 'verslag.pdf',
  location: 'pagina 3',
  masked: 'NL** **** **** **43 00',
  context: 'rekening NL** **** **** **43 00 van',
  count: 1,
}

export const WITH_FINDINGS: DocumentPrivacy = {
  status: 'bevindingen',
  pending: false,
  findings: [BSN_FINDING, IBAN_FINDING],
  unscanned: [],
}
