/** Licences that have a known name and Dutch deed; other values are shown as written. */
export const LICENSES: Record<string, { name: string; url: string }> = {
  'CC0-1.0': {
    name: 'CC0 1.0 (publiek domein, vrij te gebruiken)',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/deed.nl',
  },
  'CC-BY-4.0': {
    name: 'CC BY 4.0 (vrij te gebruiken met bronvermelding)',
    url: 'https://creativecommons.org/licenses/by/4.0/deed.nl',
  },
  'CC-BY-SA-4.0': {
    name: 'CC BY-SA 4.0 (met bronvermelding, gelijk delen)',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/deed.nl',
  },
}
