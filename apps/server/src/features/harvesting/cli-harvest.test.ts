import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../db/client.ts'
import { ckanPackage, startCkanFixture, type CkanFixture } from '../../../test/ckan-fixture.ts'
import { command } from '../../../test/commands.ts'
import { copyMigratedDatabase } from '../../../test/db.ts'

let ckan: CkanFixture
let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'harvest-cli-'))
  ckan = await startCkanFixture([
    ckanPackage('bomen', 'Bomen in de stad', { groups: [{ name: 'sport', title: 'Sport' }] }),
    ckanPackage('gesloten', 'Geheime lijst', { license_id: 'other-closed' }),
    ckanPackage('afval', 'Afvalbakken'),
  ])
})

afterAll(async () => {
  await ckan?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('npm run harvest', () => {
  it('runs a dry run that reports what it would do and changes nothing', async () => {
    const dataDir = await copyMigratedDatabase(path.join(dir, 'data'))
    // The scheme in capitals: stored as the admin screen stores a URL, in its normal form.
    const result = await command(
      'harvest',
      [`${ckan.url.replace('http:', 'HTTP:')}/api/3`, '--source', 'Buurgemeente', '--dry-run'],
      dataDir,
    )
    expect(result.code, result.output).toBe(0)
    expect(result.stderr).toContain('100%')
    expect(result.stdout.split('\n')).toEqual([
      'Klaar: 2 nieuw, 0 bijgewerkt, 0 ingetrokken, 0 ongewijzigd, 1 geweigerd.',
      'geweigerd: gesloten (Geheime lijst): Onbekende licentie: other-closed',
      'Geen portaalthema voor: Sport (1).',
      'Proefrun: er is niets veranderd.',
      '',
    ])

    const db = await openPglite(dataDir)
    try {
      expect(await db.query('select id from documents')).toEqual([])
      expect(await db.query('select name from sources where name = $1', ['Buurgemeente'])).toEqual(
        [],
      )
      expect(
        await db.query(
          `select s.name, s.url, s.kind, s.schedule, s.trusted, r.trigger, r.dry_run, r.status,
                  r.created
             from harvest_runs r join harvest_sources s on s.id = r.source_id`,
        ),
      ).toEqual([
        {
          name: 'Buurgemeente',
          url: `${ckan.url}/api/3`,
          kind: 'ckan',
          schedule: 'manual',
          trusted: false,
          trigger: 'cli',
          dry_run: true,
          status: 'succeeded',
          created: 2,
        },
      ])
    } finally {
      await db.close()
    }
  })
})
