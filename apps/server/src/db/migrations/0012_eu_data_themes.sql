-- The EU data theme of each portal theme (DCAT-AP-NL's dcat:theme), as the code of the EU
-- data-theme list (http://publications.europa.eu/resource/authority/data-theme/<code>).
-- Null: not mapped yet; the catalogue then falls back to GOVE (docs/publication.md).
alter table themes add column eu_theme text
  check (eu_theme in ('AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST',
                      'OP_DATPRO', 'REGI', 'SOCI', 'TECH', 'TRAN'));

-- The demo thesaurus's themes (demo/thesaurus.json), wherever they already exist; a theme
-- created later by that name gets its mapping from the admin screen.
update themes t set eu_theme = m.code
  from (values ('bevolking', 'SOCI'), ('wonen', 'REGI'), ('werk en inkomen', 'ECON'),
               ('economie', 'ECON'), ('onderwijs', 'EDUC'), ('zorg en welzijn', 'HEAL'),
               ('verkeer en vervoer', 'TRAN'), ('fiets', 'TRAN'), ('veiligheid', 'JUST'),
               ('milieu en energie', 'ENVI'), ('openbare ruimte', 'REGI'),
               ('cultuur en recreatie', 'EDUC'), ('bestuur', 'GOVE'),
               ('asiel en integratie', 'SOCI'), ('landbouw', 'AGRI'),
               ('ruimtelijke ordening', 'REGI')) as m(name, code)
 where lower(t.name) = m.name and t.eu_theme is null;
